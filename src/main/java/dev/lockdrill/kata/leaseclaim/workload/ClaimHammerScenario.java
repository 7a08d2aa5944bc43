package dev.lockdrill.kata.leaseclaim.workload;

import dev.lockdrill.harness.Workers;
import dev.lockdrill.katas.api.lease.Claim;
import dev.lockdrill.katas.api.lease.Completion;
import dev.lockdrill.katas.api.lease.LeaseQueue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A claim hammer: eight workers, each its own process with a warm connection, spin on one flag
 * and claim the same six rows the instant it flips, so every claim races every other at once.
 * Each row must go to exactly one of them, with the token it was given.
 */
final class ClaimHammerScenario implements LeaseScenario {
    static final int WORKERS = 8;
    static final int ROWS = 6;
    static final int MAX = 2;
    static final Duration LEASE = Duration.ofSeconds(10);

    @Override
    public String name() {
        return "claim-hammer";
    }

    @Override
    public String summary() {
        return WORKERS + " workers released together by a spin flag claim the same " + ROWS + " rows";
    }

    @Override
    public void run(LeaseRig rig) throws Exception {
        List<LeaseQueue> queues = new ArrayList<>();
        for (int w = 1; w <= WORKERS; w++) {
            queues.add(rig.queue("worker-" + w, LEASE));
        }
        rig.insert(ROWS);
        AtomicBoolean go = new AtomicBoolean();
        CountDownLatch ready = new CountDownLatch(WORKERS);
        try (Workers workers = new Workers()) {
            for (int w = 1; w <= WORKERS; w++) {
                String worker = "worker-" + w;
                LeaseQueue queue = queues.get(w - 1);
                workers.start(worker, () -> {
                    ready.countDown();
                    while (!go.get()) {
                        Thread.onSpinWait();
                    }
                    for (Claim claim : rig.claim(worker, queue, MAX)) {
                        rig.complete(worker, queue, claim, Completion.DONE);
                    }
                });
            }
            ready.await();
            go.set(true);
            workers.awaitAll();
        }
        for (int attempt = 0; attempt < 3 && !rig.allFinished(); attempt++) {
            for (Claim claim : rig.claim("worker-1", queues.get(0), ROWS)) {
                rig.complete("worker-1", queues.get(0), claim, Completion.DONE);
            }
        }
    }
}
