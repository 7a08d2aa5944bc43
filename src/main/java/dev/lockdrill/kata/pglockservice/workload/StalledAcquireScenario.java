package dev.lockdrill.kata.pglockservice.workload;

import dev.lockdrill.harness.EveryRoundTripGap;
import dev.lockdrill.harness.StallAfterRoundTrip;
import dev.lockdrill.history.Faults;
import dev.lockdrill.harness.LockWaits;
import dev.lockdrill.harness.Pause;
import dev.lockdrill.harness.RoundTripHook;
import dev.lockdrill.harness.Sql;
import dev.lockdrill.harness.Workers;
import dev.lockdrill.katas.api.lockservice.Lease;
import dev.lockdrill.katas.api.lockservice.LockService;

import java.sql.Connection;
import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.Future;

/**
 * A stall inside tryAcquire. First worker-1 is held between two of its round trips to PostgreSQL,
 * after the first, then after the second and so on (a lock name each time); then it is held inside the statement that writes the locks table, after the row's
 * values (and so a token drawn with nextval) were computed but before the row is inserted or
 * updated. Each time worker-2 takes the lock, works and releases it meanwhile. An acquire that
 * draws its token before it holds the row hands worker-1 a token lower than worker-2's, granted
 * after worker-2's.
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
        return "worker-1 stalls after drawing its token (between round trips, then inside the statement) while "
                + "worker-2 takes and releases the lock";
    }

    @Override
    public void run(LockRig rig) throws Exception {
        LockService setup = rig.service("worker-0", "host-0", Clock.systemUTC());
        LockService first = rig.service("worker-1", "host-1", Clock.systemUTC());
        LockService second = rig.service("worker-2", "host-2", Clock.systemUTC());
        long start = rig.recorder().now();
        int gaps = EveryRoundTripGap.run(letThrough -> {
            String betweenRoundTrips = rig.name(letThrough == 1 ? "payout" : "payout-gap-" + letThrough);
            rig.acquire("worker-0", setup, betweenRoundTrips, TTL_MILLIS).ifPresent(l -> rig.release("worker-0", setup, l));
            return stallBetweenRoundTrips(rig, first, second, betweenRoundTrips, letThrough);
        });
        rig.recorder().fault(Faults.STALL, rig.scenario(), "worker-1", start, gaps > 0
                ? "worker-1 stalled after each of the first " + gaps + " round trips of its acquire in turn (a lock "
                + "name each time), until worker-2 had taken, used and released the lock (or waited on worker-1)"
                : "worker-1 acquired in a single round trip, so there was no gap between round trips to stall in");
        String insideStatement = rig.name("settlement");
        rig.acquire("worker-0", setup, insideStatement, TTL_MILLIS).ifPresent(l -> rig.release("worker-0", setup, l));
        stallInsideStatement(rig, first, second, insideStatement);
    }

    /** worker-1 acquires and is held after {@code letThrough} round trips; true if it made that many. */
    private static boolean stallBetweenRoundTrips(LockRig rig, LockService first, LockService second, String name,
                                                  int letThrough) throws Exception {
        StallAfterRoundTrip gate = new StallAfterRoundTrip(letThrough, 2 * STALL_CAP_MILLIS);
        rig.dataSource("worker-1").hook(gate);
        try (Workers workers = new Workers()) {
            Future<Optional<Lease>> stalled = workers.start("worker-1",
                    () -> rig.acquire("worker-1", first, name, TTL_MILLIS));
            while (!stalled.isDone() && !gate.awaitStalled(5)) {
                Thread.onSpinWait();
            }
            boolean gap = gate.stalled();
            Future<?> other = workers.start("worker-2", () -> takeWorkRelease(rig, second, name));
            if (gap) {
                StallAfterRoundTrip.awaitDoneOrBlocked(rig.database(), other, "worker-2", STALL_CAP_MILLIS);
            }
            gate.release();
            workers.awaitAll();
            finish(rig, first, Workers.await(stalled));
            return gap;
        } finally {
            rig.dataSource("worker-1").hook(RoundTripHook.NONE);
        }
    }

    /**
     * Arms the schema's stall trigger for worker-1: its next write to the locks table waits on an
     * advisory lock the harness holds, after the row's new values were computed.
     */
    private static void stallInsideStatement(LockRig rig, LockService first, LockService second, String name)
            throws Exception {
        String app = rig.database().applicationName("worker-1");
        try (Connection holder = rig.database().connect("stall-holder");
             Connection observer = rig.database().connect("observer");
             Workers workers = new Workers()) {
            Sql.exec(holder, "SELECT pg_advisory_lock(" + LockServiceWorkload.STALL_LOCK + ")");
            Sql.rows(holder, "INSERT INTO lockdrill_stall(app) VALUES (?) RETURNING app", app);
            Future<Optional<Lease>> stalled = workers.start("worker-1",
                    () -> rig.acquire("worker-1", first, name, TTL_MILLIS));
            LockWaits waits = new LockWaits(rig.database(), observer);
            long deadline = System.nanoTime() + STALL_CAP_MILLIS * 1_000_000;
            boolean held = false;
            while (!stalled.isDone() && !held && System.nanoTime() < deadline) {
                held = waits.waiting("worker-1");
                if (!held) {
                    Pause.millis(2);
                }
            }
            Sql.rows(holder, "DELETE FROM lockdrill_stall WHERE app = ? RETURNING app", app);
            long start = rig.recorder().now();
            Future<?> other = workers.start("worker-2", () -> takeWorkRelease(rig, second, name));
            if (held) {
                StallAfterRoundTrip.awaitDoneOrBlocked(rig.database(), other, "worker-2", STALL_CAP_MILLIS);
            }
            Sql.exec(holder, "SELECT pg_advisory_unlock(" + LockServiceWorkload.STALL_LOCK + ")");
            rig.recorder().fault(Faults.STALL, rig.scenario(), "worker-1", start, held
                    ? "worker-1 stalled inside the statement that writes the locks row of " + name + " (its values, "
                    + "token included, already computed) until worker-2 had taken, used and released the lock (or "
                    + "waited on worker-1)"
                    : "worker-1's acquire of " + name + " never wrote the locks table, so there was no statement "
                    + "to stall in");
            workers.awaitAll();
            finish(rig, first, Workers.await(stalled));
        }
    }

    private static void finish(LockRig rig, LockService first, Optional<Lease> lease) {
        lease.ifPresent(l -> {
            rig.fencedWrite("worker-1", l, "worker-1 after its stall");
            rig.release("worker-1", first, l);
        });
    }

    private static void takeWorkRelease(LockRig rig, LockService service, String name) {
        rig.acquire("worker-2", service, name, TTL_MILLIS).ifPresent(l -> {
            rig.fencedWrite("worker-2", l, "worker-2 while worker-1 stalled");
            rig.release("worker-2", service, l);
        });
    }
}
