package dev.lockdrill.kata.outboxrelay.workload;

import dev.lockdrill.support.Text;
import dev.lockdrill.kata.outboxrelay.protocol.Scenario;
import dev.lockdrill.history.Faults;
import dev.lockdrill.katas.api.outbox.OutboxEvent;
import dev.lockdrill.katas.api.outbox.OutboxRelay;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The broker is down until relay-1 has ended {@link #DOWN_FOR_CALLS} relayBatch calls, then comes
 * back. The outage is measured in the relay's calls, not in publish attempts or time, so a relay
 * that waits the outage out inside one call (retrying while it holds its rows) cannot outlast it:
 * the broker stays down until the cap, and the call that waited is on record. Events whose publish
 * was refused must stay pending and go out on a later call, not be marked as done.
 */
final class BrokerOutageScenario implements OutboxScenario {
    static final int DOWN_FOR_CALLS = 2;
    static final long CAP_NANOS = 1_500_000_000L;

    @Override
    public String name() {
        return Scenario.BROKER_OUTAGE.label();
    }

    @Override
    public String summary() {
        return "the broker is down until relay-1 has ended " + DOWN_FOR_CALLS + " calls, then recovers";
    }

    @Override
    public void run(OutboxRig rig) throws Exception {
        Outage outage = new Outage(rig);
        OutboxRelay relay = rig.relay("relay-1", outage, 0);
        int events = 6 + rig.random().nextInt(4);
        List<OutboxEvent> committed = new ArrayList<>();
        for (int i = 1; i <= events; i++) {
            committed.add(rig.event("payment-" + (1 + i % 3), i));
        }
        rig.commitAll(committed);
        outage.start = rig.recorder().now();
        for (int call = 0; call < OutboxRig.DRAIN_CALLS && rig.pending() > 0; call++) {
            rig.relayBatch("relay-1", relay, 4);
            if (outage.callEnded()) {
                outage.end("relay-1 had ended " + DOWN_FOR_CALLS + " relayBatch calls");
            }
        }
        outage.end("relay-1 stopped calling");
    }

    /** Refuses every message until ended; ends itself at the cap (a relay call that never returned). */
    private static final class Outage implements BrokerFault {
        private final OutboxRig rig;
        private final AtomicInteger callsEnded = new AtomicInteger();
        private final AtomicBoolean over = new AtomicBoolean();
        private final AtomicInteger refused = new AtomicInteger();
        private volatile long start;

        private Outage(OutboxRig rig) {
            this.rig = rig;
        }

        boolean callEnded() {
            return callsEnded.incrementAndGet() >= DOWN_FOR_CALLS;
        }

        @Override
        public Delivery deliver(String relay, OutboxEvent event) {
            if (over.get()) {
                return Delivery.ACCEPT;
            }
            if (rig.recorder().now() - start >= CAP_NANOS) {
                end("the cap of " + CAP_NANOS / 1_000_000 + " ms was reached while a relayBatch call was still "
                        + "in flight");
                return Delivery.ACCEPT;
            }
            refused.incrementAndGet();
            return Delivery.REFUSE;
        }

        void end(String why) {
            if (over.compareAndSet(false, true)) {
                rig.recorder().fault(Faults.OUTAGE, rig.scenario(), "relay-1", start, "the broker was down: it "
                        + "refused " + Text.count(refused.get(), "publish attempt") + " until " + why);
            }
        }
    }
}
