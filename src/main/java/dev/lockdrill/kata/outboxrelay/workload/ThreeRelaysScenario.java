package dev.lockdrill.kata.outboxrelay.workload;

import dev.lockdrill.kata.outboxrelay.protocol.Scenario;
import dev.lockdrill.history.Faults;
import dev.lockdrill.harness.Pause;
import dev.lockdrill.harness.Workers;
import dev.lockdrill.katas.api.outbox.OutboxEvent;
import dev.lockdrill.katas.api.outbox.OutboxRelay;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Future;

/**
 * Three relays on one outbox. relay-1 is held inside its first publish (a slow broker ack) while
 * it holds its batch; relay-2 and relay-3 run meanwhile and must publish other events, not wait
 * for relay-1 and not publish relay-1's events a second time. Then all three drain concurrently.
 */
final class ThreeRelaysScenario implements OutboxScenario {
    static final int EVENTS = 30;
    static final int BATCH = 10;
    static final long HOLD_CAP_MILLIS = 3_000;

    @Override
    public String name() {
        return Scenario.THREE_RELAYS.label();
    }

    @Override
    public String summary() {
        return "relay-1 is held mid-publish while relay-2 and relay-3 run; then all three drain";
    }

    @Override
    public void run(OutboxRig rig) throws Exception {
        HoldFirstPublish hold = new HoldFirstPublish(2 * HOLD_CAP_MILLIS);
        List<OutboxRelay> relays = List.of(rig.relay("relay-1", hold, 0), rig.relay("relay-2", BrokerFault.NONE, 0),
                rig.relay("relay-3", BrokerFault.NONE, 0));
        List<OutboxEvent> events = new ArrayList<>();
        for (int i = 1; i <= EVENTS; i++) {
            events.add(rig.event("user-" + (1 + rig.random().nextInt(6)), i));
        }
        rig.commitAll(events);
        try (Workers workers = new Workers()) {
            Future<?> first = workers.start("relay-1", () -> rig.relayBatch("relay-1", relays.get(0), BATCH));
            boolean held = Pause.until(hold.held, HOLD_CAP_MILLIS);
            long start = rig.recorder().now();
            if (held) {
                Future<?> second = workers.start("relay-2", () -> rig.relayBatch("relay-2", relays.get(1), BATCH));
                Future<?> third = workers.start("relay-3", () -> rig.relayBatch("relay-3", relays.get(2), BATCH));
                new Stall(rig, HOLD_CAP_MILLIS).untilDoneOrBlocked(List.of("relay-2", "relay-3"), List.of(second, third));
            }
            hold.release.countDown();
            rig.recorder().fault(Faults.HOLD, rig.scenario(), "relay-1", start, held, held
                    ? "relay-1 was held inside its first publish (broker ack delayed) until relay-2 and relay-3 had "
                    + "finished their calls or were waiting on a lock"
                    : "relay-1 never published within " + HOLD_CAP_MILLIS + " ms, so there was nothing to hold");
            Workers.await(first);
            workers.awaitAll();
            for (int r = 0; r < relays.size(); r++) {
                String name = "relay-" + (r + 1);
                OutboxRelay relay = relays.get(r);
                workers.start(name, () -> rig.drain(name, relay, 5));
            }
            workers.awaitAll();
        }
    }
}
