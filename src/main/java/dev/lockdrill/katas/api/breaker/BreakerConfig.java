package dev.lockdrill.katas.api.breaker;

import java.time.Duration;

/**
 * Configuration of a count-based circuit breaker; the names and meanings are Resilience4j's.
 *
 * @param failureRateThreshold                  percentage of failed calls (0-100] at or above which it opens
 * @param slowCallRateThreshold                 percentage of slow calls (0-100] at or above which it opens
 * @param slowCallDurationThreshold             a call that took longer than this is slow
 * @param slidingWindowSize                     how many of the latest calls the CLOSED state looks at
 * @param minimumNumberOfCalls                  no rate is computed (it cannot open) before this many calls
 * @param waitDurationInOpenState               how long OPEN rejects every call before trying HALF_OPEN
 * @param permittedNumberOfCallsInHalfOpenState how many trial calls HALF_OPEN lets through, and judges
 */
public record BreakerConfig(float failureRateThreshold, float slowCallRateThreshold,
                            Duration slowCallDurationThreshold, int slidingWindowSize, int minimumNumberOfCalls,
                            Duration waitDurationInOpenState, int permittedNumberOfCallsInHalfOpenState) {
    public BreakerConfig {
        if (failureRateThreshold <= 0 || failureRateThreshold > 100 || slowCallRateThreshold <= 0
                || slowCallRateThreshold > 100) {
            throw new IllegalArgumentException("rate thresholds are percentages in (0, 100]");
        }
        if (slidingWindowSize < 1 || minimumNumberOfCalls < 1 || minimumNumberOfCalls > slidingWindowSize
                || permittedNumberOfCallsInHalfOpenState < 1) {
            throw new IllegalArgumentException("need 1 <= minimumNumberOfCalls <= slidingWindowSize and "
                    + "permittedNumberOfCallsInHalfOpenState >= 1");
        }
        if (waitDurationInOpenState.isNegative() || slowCallDurationThreshold.isNegative()) {
            throw new IllegalArgumentException("durations must not be negative");
        }
    }
}
