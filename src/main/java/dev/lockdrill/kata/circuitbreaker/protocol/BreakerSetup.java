package dev.lockdrill.kata.circuitbreaker.protocol;

import dev.lockdrill.history.Fields;

import java.util.Map;

/**
 * How one breaker under test was built, as the harness records it (one row of the {@value #OBSERVATION}
 * observation): its id, whether the scenario drives it from one thread only, and its configuration
 * in nanoseconds and percentages.
 */
public record BreakerSetup(String breaker, boolean sequential, double failureRateThreshold,
                           double slowCallRateThreshold, long slowCallDurationThresholdNanos, int slidingWindowSize,
                           int minimumNumberOfCalls, long waitDurationInOpenStateNanos,
                           int permittedNumberOfCallsInHalfOpenState) {
    public static final String OBSERVATION = "config";

    public Map<String, Object> toRow() {
        return Fields.of(this);
    }

    public static BreakerSetup of(Map<String, Object> row) {
        return Fields.as(row, BreakerSetup.class);
    }
}
