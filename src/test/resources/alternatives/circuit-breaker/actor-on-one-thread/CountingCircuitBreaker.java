package katas.circuitbreaker;

import dev.lockdrill.katas.api.breaker.BreakerConfig;
import dev.lockdrill.katas.api.breaker.BreakerState;
import dev.lockdrill.katas.api.breaker.CircuitBreaker;
import dev.lockdrill.katas.api.breaker.Ticker;
import dev.lockdrill.katas.api.breaker.TransitionListener;

import java.time.Clock;
import java.util.ArrayDeque;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * An actor: one thread owns all of the breaker's state, and every call is a message to it that the
 * caller waits for. Nothing is shared, so nothing needs a lock or an atomic; transitions are made
 * (and announced) by the actor while the caller waits.
 */
public final class CountingCircuitBreaker implements CircuitBreaker {
    private final BreakerConfig config;
    private final Ticker ticker;
    private final Clock wallClock;
    private final TransitionListener listener;
    private final long slowNanos;
    private final ExecutorService actor = Executors.newSingleThreadExecutor(task -> {
        Thread thread = new Thread(task, "breaker-actor");
        thread.setDaemon(true);
        return thread;
    });

    // owned by the actor thread only
    private BreakerState state = BreakerState.CLOSED;
    private final ArrayDeque<int[]> window = new ArrayDeque<>();
    private int windowFailures;
    private int windowSlow;
    private long openedAt;
    private int trialsGiven;
    private int trialsBack;
    private int trialFailures;
    private int trialSlow;

    public CountingCircuitBreaker(BreakerConfig config, Ticker ticker, Clock wallClock, TransitionListener listener) {
        this.config = config;
        this.ticker = ticker;
        this.wallClock = wallClock;
        this.listener = listener;
        this.slowNanos = config.slowCallDurationThreshold().toNanos();
    }

    @Override
    public boolean tryAcquirePermission() {
        return ask(this::permit);
    }

    @Override
    public void onSuccess(long durationNanos) {
        ask(() -> outcome(false, durationNanos > slowNanos));
    }

    @Override
    public void onError(long durationNanos, Throwable error) {
        ask(() -> outcome(true, durationNanos > slowNanos));
    }

    private boolean permit() {
        if (state == BreakerState.OPEN) {
            if (ticker.read() - openedAt < config.waitDurationInOpenState().toNanos()) {
                return false;
            }
            moveTo(BreakerState.HALF_OPEN);
        }
        if (state == BreakerState.CLOSED) {
            return true;
        }
        if (trialsGiven == config.permittedNumberOfCallsInHalfOpenState()) {
            return false;
        }
        trialsGiven++;
        return true;
    }

    private boolean outcome(boolean failed, boolean slow) {
        if (state == BreakerState.CLOSED) {
            window.addLast(new int[]{failed ? 1 : 0, slow ? 1 : 0});
            windowFailures += failed ? 1 : 0;
            windowSlow += slow ? 1 : 0;
            if (window.size() > config.slidingWindowSize()) {
                int[] oldest = window.removeFirst();
                windowFailures -= oldest[0];
                windowSlow -= oldest[1];
            }
            if (window.size() >= config.minimumNumberOfCalls() && over(windowFailures, windowSlow, window.size())) {
                moveTo(BreakerState.OPEN);
            }
        } else if (state == BreakerState.HALF_OPEN) {
            trialsBack++;
            trialFailures += failed ? 1 : 0;
            trialSlow += slow ? 1 : 0;
            int trials = config.permittedNumberOfCallsInHalfOpenState();
            if (trialsBack == trials) {
                moveTo(over(trialFailures, trialSlow, trials) ? BreakerState.OPEN : BreakerState.CLOSED);
            }
        }
        return true;
    }

    private boolean over(int failures, int slow, int calls) {
        return failures * 100.0 >= config.failureRateThreshold() * calls
                || slow * 100.0 >= config.slowCallRateThreshold() * calls;
    }

    private void moveTo(BreakerState next) {
        BreakerState previous = state;
        state = next;
        window.clear();
        windowFailures = 0;
        windowSlow = 0;
        trialsGiven = 0;
        trialsBack = 0;
        trialFailures = 0;
        trialSlow = 0;
        if (next == BreakerState.OPEN) {
            openedAt = ticker.read();
        }
        listener.onTransition(previous, next, wallClock.instant());
    }

    private <T> T ask(Callable<T> message) {
        try {
            return actor.submit(message).get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the breaker", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("the breaker failed", e.getCause());
        }
    }
}
