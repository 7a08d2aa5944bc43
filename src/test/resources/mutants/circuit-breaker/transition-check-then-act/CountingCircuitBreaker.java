package katas.circuitbreaker;

import dev.lockdrill.katas.api.breaker.BreakerConfig;
import dev.lockdrill.katas.api.breaker.BreakerState;
import dev.lockdrill.katas.api.breaker.CircuitBreaker;
import dev.lockdrill.katas.api.breaker.Ticker;
import dev.lockdrill.katas.api.breaker.TransitionListener;

import java.time.Clock;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A count-based circuit breaker. The current state is one immutable-identity object (one class per
 * state) in an AtomicReference; a transition is a compare-and-set from the exact state object the
 * caller saw, so of all the threads that decide "time to change" only one wins, and only the winner
 * announces the transition.
 */
public final class CountingCircuitBreaker implements CircuitBreaker {
    private static final Map<BreakerState, Set<BreakerState>> TRANSITIONS = Map.of(
            BreakerState.CLOSED, EnumSet.of(BreakerState.OPEN),
            BreakerState.OPEN, EnumSet.of(BreakerState.HALF_OPEN),
            BreakerState.HALF_OPEN, EnumSet.of(BreakerState.OPEN, BreakerState.CLOSED));

    private final BreakerConfig config;
    private final Ticker ticker;
    private final Clock wallClock;
    private final TransitionListener listener;
    private final long slowCallNanos;
    private final AtomicReference<Phase> phase;

    public CountingCircuitBreaker(BreakerConfig config, Ticker ticker, Clock wallClock, TransitionListener listener) {
        this.config = config;
        this.ticker = ticker;
        this.wallClock = wallClock;
        this.listener = listener;
        this.slowCallNanos = config.slowCallDurationThreshold().toNanos();
        this.phase = new AtomicReference<>(new ClosedPhase(this));
    }

    @Override
    public boolean tryAcquirePermission() {
        return phase.get().tryAcquire();
    }

    @Override
    public void onSuccess(long durationNanos) {
        phase.get().record(false, durationNanos > slowCallNanos);
    }

    @Override
    public void onError(long durationNanos, Throwable error) {
        phase.get().record(true, durationNanos > slowCallNanos);
    }

    BreakerConfig config() {
        return config;
    }

    Ticker ticker() {
        return ticker;
    }

    Phase current() {
        return phase.get();
    }

    /** Moves from {@code from} to {@code to} if the breaker is still there. */
    boolean move(Phase from, Phase to) {
        if (!TRANSITIONS.get(from.state()).contains(to.state())) {
            throw new IllegalStateException("no transition " + from.state() + " -> " + to.state());
        }
        if (phase.get() != from) {
            return false;
        }
        phase.set(to);
        listener.onTransition(from.state(), to.state(), wallClock.instant());
        return true;
    }

    /** One state of the breaker: how it answers permits and what a call's outcome does to it. */
    interface Phase {
        BreakerState state();

        boolean tryAcquire();

        void record(boolean failed, boolean slow);
    }
}
