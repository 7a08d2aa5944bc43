package dev.lockdrill.kata.circuitbreaker.workload;

import dev.lockdrill.katas.api.breaker.BreakerConfig;
import dev.lockdrill.katas.api.breaker.BreakerState;
import dev.lockdrill.katas.api.breaker.CircuitBreaker;

/** One breaker under test with its own virtual time, and the state its last transition event announced. */
final class BreakerProbe {
    private final String id;
    private final BreakerConfig config;
    private final VirtualTicker ticker;
    private final JumpingWallClock wallClock;
    private CircuitBreaker breaker;
    private volatile BreakerState announced = BreakerState.CLOSED;

    BreakerProbe(String id, BreakerConfig config, VirtualTicker ticker, JumpingWallClock wallClock) {
        this.id = id;
        this.config = config;
        this.ticker = ticker;
        this.wallClock = wallClock;
    }

    void attach(CircuitBreaker implementation) {
        this.breaker = implementation;
    }

    String id() {
        return id;
    }

    BreakerConfig config() {
        return config;
    }

    VirtualTicker ticker() {
        return ticker;
    }

    JumpingWallClock wallClock() {
        return wallClock;
    }

    CircuitBreaker breaker() {
        return breaker;
    }

    BreakerState announced() {
        return announced;
    }

    void announce(BreakerState state) {
        announced = state;
    }

    /** Milliseconds of the open wait, plus one, so a probe lands just after it. */
    long pastWaitMillis() {
        return config.waitDurationInOpenState().toMillis() + 1;
    }
}
