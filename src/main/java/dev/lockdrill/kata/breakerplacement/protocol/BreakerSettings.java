package dev.lockdrill.kata.breakerplacement.protocol;

import java.util.Map;

/**
 * How the harness's breakers are configured (Resilience4j's names), recorded once per scenario as
 * the {@link EmitterObservation#BREAKER_CONFIG} observation.
 */
public record BreakerSettings(int slidingWindowSize, int minimumNumberOfCalls, int failureRateThreshold,
                              long waitDurationInOpenStateMillis, int permittedNumberOfCallsInHalfOpenState) {
    static final String WINDOW = "slidingWindowSize";
    static final String MINIMUM = "minimumNumberOfCalls";
    static final String RATE = "failureRateThreshold";
    static final String WAIT = "waitDurationInOpenStateMillis";
    static final String TRIALS = "permittedNumberOfCallsInHalfOpenState";

    public Map<String, Object> toRow() {
        return Map.of(WINDOW, slidingWindowSize, MINIMUM, minimumNumberOfCalls, RATE, failureRateThreshold,
                WAIT, waitDurationInOpenStateMillis, TRIALS, permittedNumberOfCallsInHalfOpenState);
    }

    /** Missing fields read as 0 (an empty row: no configuration was recorded). */
    public static BreakerSettings of(Map<String, Object> row) {
        return new BreakerSettings((int) Outage.number(row, WINDOW), (int) Outage.number(row, MINIMUM),
                (int) Outage.number(row, RATE), Outage.number(row, WAIT), (int) Outage.number(row, TRIALS));
    }
}
