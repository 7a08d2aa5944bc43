package katas.circuitbreaker;

import dev.failsafe.CircuitBreaker.State;
import dev.lockdrill.katas.api.breaker.BreakerConfig;
import dev.lockdrill.katas.api.breaker.BreakerState;
import dev.lockdrill.katas.api.breaker.CircuitBreaker;
import dev.lockdrill.katas.api.breaker.Ticker;
import dev.lockdrill.katas.api.breaker.TransitionListener;

import java.time.Clock;
import java.time.Duration;

/**
 * Failsafe's CircuitBreaker behind the kata interface, configured as close to the kata as Failsafe
 * allows: CLOSED opens on "m failures of the last n executions" with n = slidingWindowSize and m the
 * failures that reach failureRateThreshold of a full window; HALF_OPEN closes on "s successes of
 * permittedNumberOfCallsInHalfOpenState" with s chosen so the same failure rate reopens it. Failsafe
 * measures its delay on System.nanoTime, so its own delay is set out of reach and the adapter moves
 * it to HALF_OPEN once waitDurationInOpenState has passed on the kata's ticker. Failsafe has no
 * minimumNumberOfCalls in count mode and no slow calls; it hands a half-open permit back when the
 * trial's outcome is recorded. Used to show which clauses of the contract those semantics break.
 */
public final class CountingCircuitBreaker implements CircuitBreaker {
    private final dev.failsafe.CircuitBreaker<Object> delegate;
    private final Ticker ticker;
    private final long waitNanos;
    private volatile long openedAt;

    public CountingCircuitBreaker(BreakerConfig config, Ticker ticker, Clock wallClock, TransitionListener listener) {
        this.ticker = ticker;
        this.waitNanos = config.waitDurationInOpenState().toNanos();
        int window = config.slidingWindowSize();
        int trials = config.permittedNumberOfCallsInHalfOpenState();
        int trialFailuresToReopen = failuresReaching(config.failureRateThreshold(), trials);
        delegate = dev.failsafe.CircuitBreaker.builder()
                .withFailureThreshold(failuresReaching(config.failureRateThreshold(), window), window)
                .withSuccessThreshold(trials - trialFailuresToReopen + 1, trials)
                .withDelay(Duration.ofDays(3650))
                .onOpen(event -> {
                    openedAt = ticker.read();
                    listener.onTransition(state(event.getPreviousState()), BreakerState.OPEN, wallClock.instant());
                })
                .onHalfOpen(event -> listener.onTransition(state(event.getPreviousState()), BreakerState.HALF_OPEN,
                        wallClock.instant()))
                .onClose(event -> listener.onTransition(state(event.getPreviousState()), BreakerState.CLOSED,
                        wallClock.instant()))
                .build();
    }

    @Override
    public boolean tryAcquirePermission() {
        if (delegate.isOpen() && ticker.read() - openedAt >= waitNanos) {
            delegate.halfOpen();
        }
        return delegate.tryAcquirePermit();
    }

    @Override
    public void onSuccess(long durationNanos) {
        delegate.recordSuccess();
    }

    @Override
    public void onError(long durationNanos, Throwable error) {
        delegate.recordFailure();
    }

    private static int failuresReaching(float ratePercent, int calls) {
        return Math.max(1, (int) Math.ceil(ratePercent * calls / 100.0));
    }

    private static BreakerState state(State state) {
        return BreakerState.valueOf(state.name());
    }
}
