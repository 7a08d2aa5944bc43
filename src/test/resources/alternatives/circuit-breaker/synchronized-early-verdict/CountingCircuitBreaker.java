package katas.circuitbreaker;

import dev.lockdrill.katas.api.breaker.BreakerConfig;
import dev.lockdrill.katas.api.breaker.BreakerState;
import dev.lockdrill.katas.api.breaker.CircuitBreaker;
import dev.lockdrill.katas.api.breaker.Ticker;
import dev.lockdrill.katas.api.breaker.TransitionListener;

import java.time.Clock;

/**
 * One monitor guards everything; the half-open verdict comes as soon as
 * min(minimumNumberOfCalls, permitted) trials are back, as Resilience4j decides. Transitions are
 * announced after the monitor is released, in the order they happened.
 */
public final class CountingCircuitBreaker implements CircuitBreaker {
    private final BreakerConfig config;
    private final Ticker ticker;
    private final Clock wallClock;
    private final TransitionListener listener;
    private BreakerState state = BreakerState.CLOSED;
    private long openedAt;
    private int[] outcomes;
    private int calls;
    private int permitsLeft;
    private int trialsBack;
    private int trialFailures;
    private int trialSlow;

    public CountingCircuitBreaker(BreakerConfig config, Ticker ticker, Clock wallClock, TransitionListener listener) {
        this.config = config;
        this.ticker = ticker;
        this.wallClock = wallClock;
        this.listener = listener;
        this.outcomes = new int[config.slidingWindowSize()];
    }

    @Override
    public boolean tryAcquirePermission() {
        boolean moved = false;
        boolean permitted;
        synchronized (this) {
            if (state == BreakerState.OPEN && ticker.read() - openedAt >= config.waitDurationInOpenState().toNanos()) {
                state = BreakerState.HALF_OPEN;
                permitsLeft = config.permittedNumberOfCallsInHalfOpenState();
                trialsBack = 0;
                trialFailures = 0;
                trialSlow = 0;
                moved = true;
            }
            permitted = state == BreakerState.CLOSED || state == BreakerState.HALF_OPEN && permitsLeft-- > 0;
        }
        if (moved) {
            listener.onTransition(BreakerState.OPEN, BreakerState.HALF_OPEN, wallClock.instant());
        }
        return permitted;
    }

    @Override
    public void onSuccess(long durationNanos) {
        record(0, durationNanos);
    }

    @Override
    public void onError(long durationNanos, Throwable error) {
        record(1, durationNanos);
    }

    private void record(int failed, long durationNanos) {
        int code = failed | (durationNanos > config.slowCallDurationThreshold().toNanos() ? 2 : 0);
        BreakerState from;
        BreakerState to;
        synchronized (this) {
            from = state;
            to = state == BreakerState.CLOSED ? inClosed(code) : state == BreakerState.HALF_OPEN ? inHalfOpen(code)
                    : state;
            if (to == state) {
                return;
            }
            state = to;
            if (to == BreakerState.OPEN) {
                openedAt = ticker.read();
            }
            outcomes = new int[config.slidingWindowSize()];
            calls = 0;
        }
        listener.onTransition(from, to, wallClock.instant());
    }

    private BreakerState inClosed(int code) {
        outcomes[calls % outcomes.length] = code;
        calls++;
        int size = Math.min(calls, outcomes.length);
        int failures = 0;
        int slow = 0;
        for (int i = 0; i < size; i++) {
            failures += outcomes[i] & 1;
            slow += outcomes[i] >> 1;
        }
        return size >= config.minimumNumberOfCalls() && trips(failures, slow, size) ? BreakerState.OPEN
                : BreakerState.CLOSED;
    }

    private BreakerState inHalfOpen(int code) {
        trialsBack++;
        trialFailures += code & 1;
        trialSlow += code >> 1;
        if (trialsBack < Math.min(config.minimumNumberOfCalls(), config.permittedNumberOfCallsInHalfOpenState())) {
            return BreakerState.HALF_OPEN;
        }
        return trips(trialFailures, trialSlow, trialsBack) ? BreakerState.OPEN : BreakerState.CLOSED;
    }

    private boolean trips(int failures, int slow, int total) {
        return failures * 100f / total >= config.failureRateThreshold()
                || slow * 100f / total >= config.slowCallRateThreshold();
    }
}
