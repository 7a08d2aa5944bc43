package dev.lockdrill.kata.pglockservice.workload;

import dev.lockdrill.harness.Pause;
import dev.lockdrill.harness.Workers;
import dev.lockdrill.katas.api.lockservice.Lease;
import dev.lockdrill.katas.api.lockservice.LockService;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;

/**
 * Four processes compete for one lock: acquire (retrying), work on the protected resource,
 * release, again. Checks exclusion and token order under real concurrency; also the timed one.
 * The tokens cross 2^31 on the way: a token kept in an int breaks here.
 */
final class ContendersScenario implements LockScenario {
    static final int WORKERS = 4;
    static final int ROUNDS = 4;
    static final long TTL_MILLIS = 3_000;
    static final long GIVE_UP_MILLIS = 3_000;

    @Override
    public String name() {
        return "contenders";
    }

    @Override
    public String summary() {
        return WORKERS + " processes take turns on one lock, " + ROUNDS + " times each";
    }

    @Override
    public void run(LockRig rig) throws Exception {
        String name = rig.name("hot-lock");
        rig.skipTokensTo(Integer.MAX_VALUE - 2L - rig.random().nextInt(4));
        List<LockService> services = new ArrayList<>();
        for (int w = 1; w <= WORKERS; w++) {
            services.add(rig.service("worker-" + w, "host-" + w, Clock.systemUTC()));
        }
        CountDownLatch start = new CountDownLatch(1);
        try (Workers workers = new Workers()) {
            for (int w = 1; w <= WORKERS; w++) {
                String worker = "worker-" + w;
                LockService service = services.get(w - 1);
                workers.start(worker, () -> {
                    start.await();
                    for (int round = 0; round < ROUNDS; round++) {
                        takeTurn(rig, worker, service, name, round);
                    }
                });
            }
            start.countDown();
            workers.awaitAll();
        }
    }

    private static void takeTurn(LockRig rig, String worker, LockService service, String name, int round) {
        long deadline = System.nanoTime() + GIVE_UP_MILLIS * 1_000_000;
        Optional<Lease> lease = Optional.empty();
        while (lease.isEmpty() && System.nanoTime() < deadline) {
            lease = rig.acquire(worker, service, name, TTL_MILLIS);
            if (lease.isEmpty()) {
                Pause.millis(1);
            }
        }
        lease.ifPresent(l -> {
            rig.fencedWrite(worker, l, worker + " round " + round);
            rig.release(worker, service, l);
        });
    }
}
