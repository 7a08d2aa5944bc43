package dev.lockdrill.katas.api.bulkhead;

import java.time.Duration;
import java.util.Map;

/**
 * @param maxConcurrentCalls per dependency name, how many calls may run at once (as Resilience4j's
 *                           {@code maxConcurrentCalls}; a full bulkhead rejects at once, maxWaitDuration 0)
 * @param callTimeout        how long a call may run before it is abandoned with a TimeoutException
 */
public record BulkheadConfig(Map<String, Integer> maxConcurrentCalls, Duration callTimeout) {
    public BulkheadConfig {
        maxConcurrentCalls = Map.copyOf(maxConcurrentCalls);
        if (maxConcurrentCalls.values().stream().anyMatch(limit -> limit < 1)) {
            throw new IllegalArgumentException("every limit must be at least 1");
        }
    }
}
