package dev.lockdrill.kata.outboxrelay.workload;

import dev.lockdrill.harness.Pause;
import dev.lockdrill.harness.Workers;
import dev.lockdrill.history.Faults;
import dev.lockdrill.kata.outboxrelay.protocol.Scenario;
import dev.lockdrill.katas.api.outbox.OutboxEvent;
import dev.lockdrill.katas.api.outbox.OutboxRelay;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Future;

/**
 * Two relays whose DataSources go through the run's PgBouncer in transaction mode. relay-1 is held
 * inside its first publish while relay-2 makes one call; then both drain. A claim held in a
 * transaction keeps its server session busy, so relay-2's transaction gets another one. A claim
 * that is session state (the backend's pid, a session advisory lock) sits on a server session that
 * is idle between relay-1's transactions — the only one the pooler has opened, since everything
 * before ran one call at a time — so relay-2's transaction certainly runs there, claim included.
 * Not run when no PgBouncer runs for the check.
 */
final class PooledRelaysScenario implements OutboxScenario {
    static final int EVENTS = 12;
    static final int BATCH = 4;
    static final long HOLD_CAP_MILLIS = 3_000;

    @Override
    public String name() {
        return Scenario.POOLED_RELAYS.label();
    }

    @Override
    public String summary() {
        return "two relays through PgBouncer in transaction mode; relay-1 held mid-publish while relay-2 runs";
    }

    @Override
    public void run(OutboxRig rig) throws Exception {
        if (!rig.throughPooler()) {
            return;
        }
        HoldFirstPublish hold = new HoldFirstPublish(2 * HOLD_CAP_MILLIS);
        List<OutboxRelay> relays = List.of(rig.pooledRelay("relay-1", hold), rig.pooledRelay("relay-2",
                BrokerFault.NONE));
        List<OutboxEvent> events = new ArrayList<>();
        for (int i = 1; i <= EVENTS; i++) {
            events.add(rig.event("cart-" + (1 + rig.random().nextInt(4)), i));
        }
        rig.commitAll(events);
        try (Workers workers = new Workers()) {
            Future<?> first = workers.start("relay-1", () -> rig.relayBatch("relay-1", relays.get(0), BATCH));
            boolean held = Pause.until(hold.held, HOLD_CAP_MILLIS);
            long start = rig.recorder().now();
            if (held) {
                Future<?> second = workers.start("relay-2", () -> rig.relayBatch("relay-2", relays.get(1), BATCH));
                new Stall(rig, HOLD_CAP_MILLIS).untilDoneOrBlocked(List.of("relay-2"), List.of(second));
            }
            hold.release.countDown();
            rig.recorder().fault(Faults.HOLD, rig.scenario(), "relay-1", start, held, held
                    ? "relay-1 was held inside its first publish (broker ack delayed) until relay-2, through the "
                    + "same PgBouncer, had finished its call or was waiting on a lock"
                    : "relay-1 never published within " + HOLD_CAP_MILLIS + " ms, so there was nothing to hold");
            Workers.await(first);
            workers.awaitAll();
            for (int r = 0; r < relays.size(); r++) {
                String name = "relay-" + (r + 1);
                OutboxRelay relay = relays.get(r);
                workers.start(name, () -> rig.drain(name, relay, BATCH));
            }
            workers.awaitAll();
        }
    }
}
