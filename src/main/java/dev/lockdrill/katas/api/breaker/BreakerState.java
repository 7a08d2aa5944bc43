package dev.lockdrill.katas.api.breaker;

/** The three states of a circuit breaker (Nygard, Release It!; the names Resilience4j uses). */
public enum BreakerState {
    CLOSED, OPEN, HALF_OPEN
}
