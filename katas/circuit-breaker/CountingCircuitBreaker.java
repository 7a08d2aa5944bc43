package katas.circuitbreaker;

import dev.lockdrill.katas.api.breaker.BreakerConfig;
import dev.lockdrill.katas.api.breaker.CircuitBreaker;
import dev.lockdrill.katas.api.breaker.Ticker;
import dev.lockdrill.katas.api.breaker.TransitionListener;

import java.time.Clock;

/**
 * A circuit breaker that today never trips: every call goes through, however often the
 * dependency fails. Run `lockdrill check circuit-breaker` to see the outage it lets through.
 */
public final class CountingCircuitBreaker implements CircuitBreaker {
    private final BreakerConfig config;
    private final Ticker ticker;
    private final Clock wallClock;
    private final TransitionListener listener;

    public CountingCircuitBreaker(BreakerConfig config, Ticker ticker, Clock wallClock, TransitionListener listener) {
        this.config = config;
        this.ticker = ticker;
        this.wallClock = wallClock;
        this.listener = listener;
    }

    @Override
    public boolean tryAcquirePermission() {
        // TODO: CLOSED lets calls through; OPEN rejects them until waitDurationInOpenState has passed on the
        //       ticker; then HALF_OPEN lets permittedNumberOfCallsInHalfOpenState trials through.
        return true;
    }

    @Override
    public void onSuccess(long durationNanos) {
        // TODO: record the outcome (slow if durationNanos > slowCallDurationThreshold) and change state if due.
    }

    @Override
    public void onError(long durationNanos, Throwable error) {
        // TODO: record the failure and open once the window says so; announce each transition to the listener.
    }
}
