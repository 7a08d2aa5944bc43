package dev.lockdrill.kata.breakerplacement.protocol;

import dev.lockdrill.history.Fields;

import java.util.Map;

/**
 * How the harness's breakers are configured (Resilience4j's names), recorded once per scenario as
 * the {@link EmitterObservation#BREAKER_CONFIG} observation.
 */
public record BreakerSettings(int slidingWindowSize, int minimumNumberOfCalls, int failureRateThreshold,
                              long waitDurationInOpenStateMillis, int permittedNumberOfCallsInHalfOpenState) {
    public Map<String, Object> toRow() {
        return Fields.of(this);
    }

    /** Missing fields read as 0 (an empty row: no configuration was recorded). */
    public static BreakerSettings of(Map<String, Object> row) {
        return Fields.as(row, BreakerSettings.class);
    }
}
