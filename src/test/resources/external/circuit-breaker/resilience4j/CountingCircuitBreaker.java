package katas.circuitbreaker;

import dev.lockdrill.katas.api.breaker.BreakerConfig;
import dev.lockdrill.katas.api.breaker.BreakerState;
import dev.lockdrill.katas.api.breaker.CircuitBreaker;
import dev.lockdrill.katas.api.breaker.Ticker;
import dev.lockdrill.katas.api.breaker.TransitionListener;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig.SlidingWindowType;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.TimeUnit;

/**
 * Resilience4j's own CircuitBreaker behind the kata interface: the configuration is passed through
 * name for name, Resilience4j's clock is the kata's monotonic ticker, and its state-transition
 * events are forwarded to the listener. Used to validate the checks against a trusted breaker.
 */
public final class CountingCircuitBreaker implements CircuitBreaker {
    private final io.github.resilience4j.circuitbreaker.CircuitBreaker delegate;

    public CountingCircuitBreaker(BreakerConfig config, Ticker ticker, Clock wallClock, TransitionListener listener) {
        CircuitBreakerConfig r4j = CircuitBreakerConfig.custom()
                .failureRateThreshold(config.failureRateThreshold())
                .slowCallRateThreshold(config.slowCallRateThreshold())
                .slowCallDurationThreshold(config.slowCallDurationThreshold())
                .slidingWindow(config.slidingWindowSize(), config.minimumNumberOfCalls(), SlidingWindowType.COUNT_BASED)
                .waitDurationInOpenState(config.waitDurationInOpenState())
                .permittedNumberOfCallsInHalfOpenState(config.permittedNumberOfCallsInHalfOpenState())
                .clock(new TickerClock(ticker))
                .build();
        delegate = io.github.resilience4j.circuitbreaker.CircuitBreaker.of("kata", r4j);
        delegate.getEventPublisher().onStateTransition(event -> listener.onTransition(
                state(event.getStateTransition().getFromState()), state(event.getStateTransition().getToState()),
                wallClock.instant()));
    }

    @Override
    public boolean tryAcquirePermission() {
        return delegate.tryAcquirePermission();
    }

    @Override
    public void onSuccess(long durationNanos) {
        delegate.onSuccess(durationNanos, TimeUnit.NANOSECONDS);
    }

    @Override
    public void onError(long durationNanos, Throwable error) {
        delegate.onError(durationNanos, TimeUnit.NANOSECONDS, error);
    }

    private static BreakerState state(io.github.resilience4j.circuitbreaker.CircuitBreaker.State state) {
        return BreakerState.valueOf(state.name());
    }

    /**
     * Resilience4j reads time as a java.time.Clock; this one is the monotonic ticker's time since the
     * breaker was built, from the epoch. Only a difference of ticker values is meaningful: the raw
     * value may be negative or wrap past Long.MAX_VALUE, and as an Instant it would jump 584 years.
     */
    private static final class TickerClock extends Clock {
        private final Ticker ticker;
        private final long origin;

        TickerClock(Ticker ticker) {
            this.ticker = ticker;
            this.origin = ticker.read();
        }

        @Override
        public Instant instant() {
            return Instant.ofEpochSecond(0, ticker.read() - origin);
        }

        @Override
        public long millis() {
            return instant().toEpochMilli();
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }
    }
}
