package dev.lockdrill.kata.bulkhead.workload;

import dev.lockdrill.history.NamedScenario;

import java.time.Duration;
import java.util.Map;
import java.util.SplittableRandom;

/** One situation the bulkheads must handle, with its own dependencies, limits and call timeout. */
public interface BulkheadScenario extends NamedScenario {
    Duration DEFAULT_CALL_TIMEOUT = Duration.ofMillis(250);


    Map<String, Integer> limits();

    long delayMillis();

    default Duration callTimeout() {
        return DEFAULT_CALL_TIMEOUT;
    }

    void run(BulkheadRig rig, SplittableRandom random) throws Exception;
}
