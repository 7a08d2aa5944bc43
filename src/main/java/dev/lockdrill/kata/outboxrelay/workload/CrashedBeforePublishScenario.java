package dev.lockdrill.kata.outboxrelay.workload;

import dev.lockdrill.support.Text;
import dev.lockdrill.harness.Pause;
import dev.lockdrill.harness.WorkerDataSource;
import dev.lockdrill.harness.Workers;
import dev.lockdrill.history.Faults;
import dev.lockdrill.kata.outboxrelay.protocol.Scenario;
import dev.lockdrill.katas.api.outbox.OutboxEvent;
import dev.lockdrill.katas.api.outbox.OutboxRelay;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;

/**
 * The other side of killed-after-publish: relay-1's process dies while its first publish request
 * is on its way, so the broker never gets it. relay-1 has claimed its batch (and whatever it
 * committed before publishing stays committed). While relay-1 is frozen in that request, relay-2
 * runs a batch (it must skip relay-1's rows, and must not mark them); then relay-1's sessions are
 * killed, its pool hands out no more connections, and a fresh process, relay-3, drains the outbox
 * with relay-2. Every event relay-1 had claimed must still be published.
 */
final class CrashedBeforePublishScenario implements OutboxScenario {
    static final int EVENTS = 12;
    static final int BATCH = 4;
    static final long HOLD_CAP_MILLIS = 3_000;

    @Override
    public String name() {
        return Scenario.CRASHED_BEFORE_PUBLISH.label();
    }

    @Override
    public String summary() {
        return "relay-1's process dies while its first publish request is in flight; relay-3 takes over";
    }

    @Override
    public void run(OutboxRig rig) throws Exception {
        CrashOnFirstRequest crash = new CrashOnFirstRequest();
        WorkerDataSource pool = rig.database().dataSource("relay-1");
        OutboxRelay first = rig.relay("relay-1", crash, 0, pool);
        OutboxRelay second = rig.relay("relay-2", BrokerFault.NONE, 0);
        OutboxRelay fresh = rig.relay("relay-3", BrokerFault.NONE, 0);
        List<OutboxEvent> events = new ArrayList<>();
        for (int i = 1; i <= EVENTS; i++) {
            events.add(rig.event("ticket-" + (1 + i % 4), i));
        }
        rig.commitAll(events);
        try (Workers workers = new Workers()) {
            Future<?> doomed = workers.start("relay-1", () -> rig.relayBatch("relay-1", first, BATCH));
            boolean held = Pause.until(crash.held, HOLD_CAP_MILLIS);
            long start = rig.recorder().now();
            if (held) {
                Future<?> other = workers.start("relay-2", () -> rig.relayBatch("relay-2", second, BATCH));
                new Stall(rig, HOLD_CAP_MILLIS).untilDoneOrBlocked(List.of("relay-2"), List.of(other));
            }
            pool.crash();
            int killed = held ? rig.killSessions("relay-1") : 0;
            rig.recorder().fault(Faults.CRASH, rig.scenario(), "relay-1", start, held && killed > 0, held
                    ? "relay-1's process died while its first publish request was in flight (the broker never got "
                    + "it); pg_terminate_backend killed its " + Text.count(killed, "session") + ", once relay-2 had finished its "
                    + "call or was waiting on a lock"
                    : "relay-1 never sent a publish request within " + HOLD_CAP_MILLIS + " ms, so there was nothing "
                    + "to crash");
            crash.release.countDown();
            Workers.await(doomed);
            workers.awaitAll();
        }
        rig.drain("relay-3", fresh, BATCH);
        rig.drain("relay-2", second, BATCH);
    }

    /** Freezes relay-1's first publish request until released, then crashes it. */
    private static final class CrashOnFirstRequest implements BrokerFault {
        private final CountDownLatch held = new CountDownLatch(1);
        private final CountDownLatch release = new CountDownLatch(1);

        @Override
        public Delivery deliver(String relay, OutboxEvent event) {
            if (held.getCount() > 0) {
                held.countDown();
                Pause.until(release, 2 * HOLD_CAP_MILLIS);
            }
            return Delivery.CRASH;
        }
    }
}
