package dev.lockdrill.kata.pglockservice.workload;

import dev.lockdrill.history.Faults;
import dev.lockdrill.harness.LockWaits;
import dev.lockdrill.harness.Pause;
import dev.lockdrill.harness.RoundTripHook;
import dev.lockdrill.harness.Workers;
import dev.lockdrill.katas.api.lockservice.Lease;
import dev.lockdrill.katas.api.lockservice.LockService;

import java.sql.Connection;
import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A stall inside tryAcquire: worker-1 is held right after its first round trip to PostgreSQL
 * while worker-2 takes the lock, works and releases it. An acquire that computes its token in one
 * statement and grants in another hands worker-1 the token worker-2 already used.
 */
final class StalledAcquireScenario implements LockScenario {
    static final long TTL_MILLIS = 3_000;
    static final long STALL_CAP_MILLIS = 3_000;

    @Override
    public String name() {
        return "stalled-acquire";
    }

    @Override
    public String summary() {
        return "worker-1 stalls between the round trips of its acquire while worker-2 takes and releases the lock";
    }

    @Override
    public void run(LockRig rig) throws Exception {
        LockService setup = rig.service("worker-0", "host-0", Clock.systemUTC());
        LockService first = rig.service("worker-1", "host-1", Clock.systemUTC());
        LockService second = rig.service("worker-2", "host-2", Clock.systemUTC());
        String name = rig.name("payout");
        rig.acquire("worker-0", setup, name, TTL_MILLIS).ifPresent(l -> rig.release("worker-0", setup, l));
        StallAfterFirstRoundTrip gate = new StallAfterFirstRoundTrip();
        rig.dataSource("worker-1").hook(gate);
        try (Workers workers = new Workers()) {
            Future<Optional<Lease>> stalled = workers.start("worker-1",
                    () -> rig.acquire("worker-1", first, name, TTL_MILLIS));
            while (!stalled.isDone() && !Pause.until(gate.stalled, 5)) {
                Thread.onSpinWait();
            }
            long start = rig.recorder().now();
            boolean gap = gate.stalled.getCount() == 0;
            Future<?> other = workers.start("worker-2", () -> takeWorkRelease(rig, second, name));
            if (gap) {
                waitUntilDoneOrBlocked(rig, other);
            }
            gate.release.countDown();
            rig.recorder().fault(Faults.STALL, rig.scenario(), "worker-1", start, gap
                    ? "worker-1 stalled after the first round trip of its acquire until worker-2 had taken, used and "
                    + "released the lock (or waited on worker-1)"
                    : "worker-1 acquired in a single round trip, so there was no gap to stall in");
            workers.awaitAll();
            Workers.await(stalled).ifPresent(l -> {
                rig.fencedWrite("worker-1", l, "worker-1 after its stall");
                rig.release("worker-1", first, l);
            });
        } finally {
            rig.dataSource("worker-1").hook(RoundTripHook.NONE);
        }
    }

    private static void takeWorkRelease(LockRig rig, LockService service, String name) {
        rig.acquire("worker-2", service, name, TTL_MILLIS).ifPresent(l -> {
            rig.fencedWrite("worker-2", l, "worker-2 while worker-1 stalled");
            rig.release("worker-2", service, l);
        });
    }

    private static void waitUntilDoneOrBlocked(LockRig rig, Future<?> other) throws Exception {
        long deadline = System.nanoTime() + STALL_CAP_MILLIS * 1_000_000;
        try (Connection observer = rig.database().connect("observer")) {
            LockWaits waits = new LockWaits(rig.database(), observer);
            while (!other.isDone() && System.nanoTime() < deadline && !waits.waiting("worker-2")) {
                Pause.millis(2);
            }
        }
    }

    /** Lets the first round trip through, then holds the worker before its second one. */
    private static final class StallAfterFirstRoundTrip implements RoundTripHook {
        private final AtomicInteger roundTrips = new AtomicInteger();
        private final CountDownLatch stalled = new CountDownLatch(1);
        private final CountDownLatch release = new CountDownLatch(1);

        @Override
        public void beforeRoundTrip(String worker, String kind, String sql) {
            if (roundTrips.incrementAndGet() == 2) {
                stalled.countDown();
                Pause.until(release, 2 * STALL_CAP_MILLIS);
            }
        }
    }
}
