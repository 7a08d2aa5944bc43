package dev.lockdrill.kata.fencingtoken.workload;

import dev.lockdrill.kata.fencingtoken.protocol.FencingFaults;
import dev.lockdrill.harness.Pause;
import dev.lockdrill.harness.Workers;
import dev.lockdrill.katas.api.fencing.FencedStore;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Ten writers, each its own process, take tokens from one counter and write three shared keys.
 * A seeded delay between taking a token and writing makes lower tokens arrive after higher ones.
 * Tokens start just below 1000 and cross it. Also the throughput measurement.
 */
final class TenWritersScenario implements FencingScenario {
    static final int WORKERS = 10;
    static final int WRITES_PER_WORKER = 25;
    static final int KEYS = 3;

    @Override
    public String name() {
        return "ten-writers";
    }

    @Override
    public String summary() {
        return WORKERS + " concurrent writers with interleaved tokens on " + KEYS + " keys";
    }

    @Override
    public void run(FencingRig rig) throws Exception {
        AtomicLong tokens = new AtomicLong(1000 - WORKERS * 2L - rig.random().nextInt(10));
        List<FencedStore> stores = new ArrayList<>();
        for (int w = 1; w <= WORKERS; w++) {
            stores.add(rig.store("worker-" + w));
        }
        CountDownLatch start = new CountDownLatch(1);
        long jitterStart = rig.recorder().now();
        try (Workers workers = new Workers()) {
            for (int w = 1; w <= WORKERS; w++) {
                String worker = "worker-" + w;
                FencedStore store = stores.get(w - 1);
                SplittableRandom random = rig.random().split();
                workers.start(worker, () -> {
                    start.await();
                    for (int i = 0; i < WRITES_PER_WORKER; i++) {
                        String key = rig.key("k" + random.nextInt(KEYS));
                        long token = tokens.incrementAndGet();
                        Pause.nanos(random.nextInt(2_000_000));
                        rig.write(worker, store, key, token, worker + "@" + token);
                    }
                });
            }
            start.countDown();
            workers.awaitAll();
        }
        rig.recorder().fault(FencingFaults.JITTER, rig.scenario(), "all", jitterStart,
                "each writer waited 0-2 ms (seeded) between taking a token and writing, so tokens arrive out of order");
        FencedStore reader = rig.store("reader");
        for (int k = 0; k < KEYS; k++) {
            rig.read("reader", reader, rig.key("k" + k));
        }
    }
}
