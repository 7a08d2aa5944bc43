package dev.lockdrill.kata.leaseclaim.workload;

import dev.lockdrill.harness.Pause;
import dev.lockdrill.harness.Workers;
import dev.lockdrill.katas.api.lease.Claim;
import dev.lockdrill.katas.api.lease.Completion;
import dev.lockdrill.katas.api.lease.LeaseQueue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Ten workers, each its own process, drain the queue in batches. worker-3 crashes right after
 * its first claim: its rows must come back once their lease runs out (not before) and be finished
 * by the others. Also the throughput measurement.
 */
final class TenWorkersScenario implements LeaseScenario {
    static final int WORKERS = 10;
    static final int ROWS = 200;
    static final int BATCH = 5;
    static final String CRASHING = "worker-3";
    static final Duration LEASE = Duration.ofMillis(300);
    static final long DEADLINE_MILLIS = 8_000;

    @Override
    public String name() {
        return "ten-workers";
    }

    @Override
    public String summary() {
        return WORKERS + " workers drain " + ROWS + " rows; " + CRASHING + " crashes after its first claim";
    }

    @Override
    public void run(LeaseRig rig) throws Exception {
        List<LeaseQueue> queues = new ArrayList<>();
        for (int w = 1; w <= WORKERS; w++) {
            queues.add(rig.queue("worker-" + w, LEASE));
        }
        rig.insert(ROWS);
        AtomicInteger finished = new AtomicInteger();
        CountDownLatch start = new CountDownLatch(1);
        long deadline = System.nanoTime() + DEADLINE_MILLIS * 1_000_000;
        try (Workers workers = new Workers()) {
            for (int w = 1; w <= WORKERS; w++) {
                String worker = "worker-" + w;
                LeaseQueue queue = queues.get(w - 1);
                workers.start(worker, () -> {
                    start.await();
                    drain(rig, worker, queue, finished, deadline);
                });
            }
            start.countDown();
            workers.awaitAll();
        }
    }

    private static void drain(LeaseRig rig, String worker, LeaseQueue queue, AtomicInteger finished, long deadline)
            throws Exception {
        while (finished.get() < ROWS && System.nanoTime() < deadline) {
            long claimedAt = rig.recorder().now();
            List<Claim> claims = rig.claim(worker, queue, BATCH);
            if (claims.isEmpty()) {
                Pause.millis(5);
                continue;
            }
            if (worker.equals(CRASHING)) {
                rig.crash(worker, claims, claimedAt);
                return;
            }
            for (Claim claim : claims) {
                Completion outcome = claim.id() % 10 == 0 ? Completion.FAILED : Completion.DONE;
                if (Boolean.TRUE.equals(rig.complete(worker, queue, claim, outcome))) {
                    finished.incrementAndGet();
                }
            }
        }
    }
}
