package dev.lockdrill.kata.circuitbreaker.protocol;

import java.util.HashMap;
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
        Map<String, Object> row = new HashMap<>();
        row.put("breaker", breaker);
        row.put("sequential", sequential);
        row.put("failureRateThreshold", failureRateThreshold);
        row.put("slowCallRateThreshold", slowCallRateThreshold);
        row.put("slowCallDurationThresholdNanos", slowCallDurationThresholdNanos);
        row.put("slidingWindowSize", slidingWindowSize);
        row.put("minimumNumberOfCalls", minimumNumberOfCalls);
        row.put("waitDurationInOpenStateNanos", waitDurationInOpenStateNanos);
        row.put("permittedNumberOfCallsInHalfOpenState", permittedNumberOfCallsInHalfOpenState);
        return row;
    }

    public static BreakerSetup of(Map<String, Object> row) {
        return new BreakerSetup(String.valueOf(row.get("breaker")), Boolean.TRUE.equals(row.get("sequential")),
                number(row, "failureRateThreshold").doubleValue(), number(row, "slowCallRateThreshold").doubleValue(),
                number(row, "slowCallDurationThresholdNanos").longValue(),
                number(row, "slidingWindowSize").intValue(), number(row, "minimumNumberOfCalls").intValue(),
                number(row, "waitDurationInOpenStateNanos").longValue(),
                number(row, "permittedNumberOfCallsInHalfOpenState").intValue());
    }

    private static Number number(Map<String, Object> row, String key) {
        if (!(row.get(key) instanceof Number n)) {
            throw new IllegalArgumentException("breaker config has no " + key);
        }
        return n;
    }
}
