package dev.lockdrill.kata.circuitbreaker.check;

import java.util.Map;

/** The configuration a breaker under test was built with, as the harness recorded it. */
record ModelConfig(double failureRateThreshold, double slowCallRateThreshold, long slowCallNanos, int windowSize,
                   int minimumCalls, long waitNanos, int halfOpenTrials) {

    static ModelConfig of(Map<String, Object> row) {
        return new ModelConfig(number(row, "failureRateThreshold").doubleValue(),
                number(row, "slowCallRateThreshold").doubleValue(),
                number(row, "slowCallDurationThresholdNanos").longValue(),
                number(row, "slidingWindowSize").intValue(), number(row, "minimumNumberOfCalls").intValue(),
                number(row, "waitDurationInOpenStateNanos").longValue(),
                number(row, "permittedNumberOfCallsInHalfOpenState").intValue());
    }

    /** Resilience4j's rule: a rate at or above its threshold trips (computed exactly, in integers). */
    boolean trips(int failed, int slow, int calls) {
        return failed * 100.0 >= failureRateThreshold * calls || slow * 100.0 >= slowCallRateThreshold * calls;
    }

    private static Number number(Map<String, Object> row, String key) {
        Object value = row.get(key);
        if (!(value instanceof Number n)) {
            throw new IllegalArgumentException("breaker config has no " + key);
        }
        return n;
    }
}
