package dev.lockdrill.kata.outboxrelay.workload;

import dev.lockdrill.kata.outboxrelay.protocol.Scenario;
import dev.lockdrill.history.Faults;
import dev.lockdrill.katas.api.outbox.OutboxEvent;
import dev.lockdrill.katas.api.outbox.OutboxRelay;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The broker is down for the first few publish attempts, then comes back. Events whose publish
 * was refused must stay pending and go out on a later call, not be marked as done.
 */
final class BrokerOutageScenario implements OutboxScenario {
    static final int REFUSED = 3;

    @Override
    public String name() {
        return Scenario.BROKER_OUTAGE.label();
    }

    @Override
    public String summary() {
        return "the broker refuses the first " + REFUSED + " publishes, then recovers";
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
        outage.start.set(rig.recorder().now());
        rig.drain("relay-1", relay, 4);
    }

    /** Refuses the first REFUSED messages; records the outage when it ends. */
    private static final class Outage implements BrokerFault {
        private final OutboxRig rig;
        private final AtomicInteger refused = new AtomicInteger();
        private final AtomicLong start = new AtomicLong();

        private Outage(OutboxRig rig) {
            this.rig = rig;
        }

        @Override
        public boolean refuses(String relay, OutboxEvent event) {
            if (refused.get() >= REFUSED) {
                return false;
            }
            if (refused.incrementAndGet() == REFUSED) {
                rig.recorder().fault(Faults.OUTAGE, rig.scenario(), relay, start.get(), "the broker was down: it refused "
                        + "the first " + REFUSED + " publish attempts");
            }
            return true;
        }
    }
}
