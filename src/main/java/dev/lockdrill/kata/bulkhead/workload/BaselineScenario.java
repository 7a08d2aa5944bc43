package dev.lockdrill.kata.bulkhead.workload;

import dev.lockdrill.harness.Workers;

import java.util.Map;
import java.util.SplittableRandom;

/** Three healthy dependencies, each called by fewer clients than its limit: nothing may be rejected. */
final class BaselineScenario implements BulkheadScenario {
    @Override
    public String name() {
        return "baseline";
    }

    @Override
    public String summary() {
        return "three healthy dependencies under their limits";
    }

    @Override
    public Map<String, Integer> limits() {
        return Map.of("apns", 3, "fcm", 4, "webhook", 4);
    }

    @Override
    public long delayMillis() {
        return 2;
    }

    @Override
    public void run(BulkheadRig rig, SplittableRandom random) throws Exception {
        try (Workers workers = new Workers()) {
            for (Map.Entry<String, Integer> limit : limits().entrySet()) {
                Clients.steady(workers, rig, limit.getKey(), limit.getValue() - 1, 250);
            }
            workers.awaitAll();
        }
    }
}
