package dev.lockdrill.kata.bulkhead.workload;

import dev.lockdrill.kata.bulkhead.protocol.BulkheadFaults;
import dev.lockdrill.harness.Pause;
import dev.lockdrill.harness.Workers;

import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;

/**
 * Four clients call a slow dependency (40 ms) and cancel two calls out of three after a seeded
 * 0-20 ms, some before the work has even started. Cancelled work must stop, and its permit come
 * back only when it has.
 */
final class CancellationStormScenario implements BulkheadScenario {
    @Override
    public String name() {
        return "cancellation-storm";
    }

    @Override
    public String summary() {
        return "two of three calls to a slow dependency cancelled mid-flight";
    }

    @Override
    public Map<String, Integer> limits() {
        return Map.of("pg", 2);
    }

    @Override
    public long delayMillis() {
        return 40;
    }

    @Override
    public void run(BulkheadRig rig, SplittableRandom random) throws Exception {
        long start = rig.recorder().now();
        try (Workers workers = new Workers()) {
            for (int t = 1; t <= 4; t++) {
                String worker = "pg-client-" + t;
                SplittableRandom mine = random.split();
                workers.start(worker, () -> {
                    for (int i = 0; i < 12; i++) {
                        CompletableFuture<String> call = rig.start(worker, "pg");
                        if (i % 3 == 0) {
                            rig.await(call);
                        } else {
                            Pause.millis(mine.nextInt(21));
                            call.cancel(true);
                        }
                    }
                });
            }
            workers.awaitAll();
        }
        rig.recorder().fault(BulkheadFaults.CANCELLATION_STORM, rig.scenario(), "pg", start,
                "clients cancelled two of every three calls to pg after 0-20 ms");
    }
}
