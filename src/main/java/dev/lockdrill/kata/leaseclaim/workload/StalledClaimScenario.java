package dev.lockdrill.kata.leaseclaim.workload;

import dev.lockdrill.history.Faults;
import dev.lockdrill.harness.Pause;
import dev.lockdrill.harness.RoundTripHook;
import dev.lockdrill.harness.Workers;
import dev.lockdrill.kata.leaseclaim.protocol.PooledScenarios;
import dev.lockdrill.katas.api.lease.Claim;
import dev.lockdrill.katas.api.lease.Completion;
import dev.lockdrill.katas.api.lease.LeaseQueue;

import java.sql.Connection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A stall inside a claim: worker-1 is held still before each of its round trips to PostgreSQL
 * after the first, and each time worker-2 runs a whole claim meanwhile. A claim that picks rows
 * in one transaction and sets their lease in another (or in a second statement that does not
 * re-check the rows are still due) hands the same rows to both. The pooled variant runs the same
 * with both workers' pools going through the run's PgBouncer in transaction mode: until then every
 * call ran alone, so the pooler has one server session, and worker-2's claim runs on the one
 * worker-1's last round trip used — a session advisory lock worker-1 took as a mutex is there,
 * and is worker-2's too. Not run when no PgBouncer runs for the check.
 */
final class StalledClaimScenario implements LeaseScenario {
    static final Duration LEASE = Duration.ofSeconds(10);
    static final int MAX_STALLS = 6;
    static final long STALL_CAP_MILLIS = 1_000;

    private final boolean pooled;

    StalledClaimScenario(boolean pooled) {
        this.pooled = pooled;
    }

    @Override
    public String name() {
        return pooled ? PooledScenarios.STALLED_CLAIM : "stalled-claim";
    }

    @Override
    public String summary() {
        return "worker-1 stalls between the round trips of its claim while worker-2 claims"
                + (pooled ? ", both through PgBouncer" : "");
    }

    @Override
    public void run(LeaseRig rig) throws Exception {
        if (pooled && !rig.throughPooler()) {
            return;
        }
        LeaseQueue first = pooled ? rig.pooledQueue("worker-1", LEASE) : rig.queue("worker-1", LEASE);
        LeaseQueue second = pooled ? rig.pooledQueue("worker-2", LEASE) : rig.queue("worker-2", LEASE);
        rig.insert(4);
        StallEachRoundTrip gate = new StallEachRoundTrip();
        List<Future<List<Claim>>> secondClaims = new ArrayList<>();
        List<Claim> firstClaims;
        long start = rig.recorder().now();
        try (Workers workers = new Workers()) {
            rig.dataSourceOf("worker-1").hook(gate);
            Future<List<Claim>> firstClaim = workers.start("worker-1", () -> rig.claim("worker-1", first, 2));
            int stalls = 0;
            while (!firstClaim.isDone()) {
                if (gate.stalled.tryAcquire(5, TimeUnit.MILLISECONDS)) {
                    stalls++;
                    if (pooled && stalls == 1) {
                        rig.observePoolerSessions("worker-1's first round trip of its claim");
                    }
                    Future<List<Claim>> claim = workers.start("worker-2", () -> rig.claim("worker-2", second, 2));
                    secondClaims.add(claim);
                    waitUntilDoneOrBlocked(rig, claim);
                    gate.release.release();
                }
            }
            firstClaims = Workers.await(firstClaim);
            rig.dataSourceOf("worker-1").hook(RoundTripHook.NONE);
            rig.recorder().fault(Faults.STALL, rig.scenario(), "worker-1", start, stalls == 0
                    ? "worker-1 claimed in a single round trip, so there was no gap to stall in"
                    : "worker-1 was held still before " + stalls + " of its round trips while worker-2 claimed");
            for (Claim claim : firstClaims) {
                rig.complete("worker-1", first, claim, Completion.DONE);
            }
            for (Future<List<Claim>> claim : secondClaims) {
                for (Claim c : Workers.await(claim)) {
                    rig.complete("worker-2", second, c, Completion.DONE);
                }
            }
        } finally {
            rig.dataSourceOf("worker-1").hook(RoundTripHook.NONE);
        }
        for (int attempt = 0; attempt < 3 && !rig.allFinished(); attempt++) {
            for (Claim claim : rig.claim("worker-2", second, 4)) {
                rig.complete("worker-2", second, claim, Completion.DONE);
            }
        }
    }

    private static void waitUntilDoneOrBlocked(LeaseRig rig, Future<?> claim) throws Exception {
        long deadline = System.nanoTime() + STALL_CAP_MILLIS * 1_000_000;
        try (Connection observer = rig.database().connect("observer")) {
            while (!claim.isDone() && System.nanoTime() < deadline) {
                if (rig.killer().isBlocked(observer, "worker-2")) {
                    return;
                }
                Pause.millis(2);
            }
        }
    }

    /** Lets the first round trip through, then holds the worker before each later one until released. */
    private static final class StallEachRoundTrip implements RoundTripHook {
        private final AtomicInteger roundTrips = new AtomicInteger();
        private final Semaphore stalled = new Semaphore(0);
        private final Semaphore release = new Semaphore(0);

        @Override
        public void beforeRoundTrip(String worker, String kind, String sql) {
            int n = roundTrips.incrementAndGet();
            if (n >= 2 && n <= 1 + MAX_STALLS) {
                stalled.release();
                try {
                    release.tryAcquire(5, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }
}
