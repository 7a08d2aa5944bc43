package dev.lockdrill.kata.bulkhead.workload;

import java.util.Map;
import java.util.SplittableRandom;

/** One situation the bulkheads must handle, with its own dependencies and limits. */
interface BulkheadScenario {
    String name();

    String summary();

    Map<String, Integer> limits();

    long delayMillis();

    void run(BulkheadRig rig, SplittableRandom random) throws Exception;
}
