package katas.circuitbreaker;

import dev.lockdrill.katas.api.breaker.BreakerConfig;
import dev.lockdrill.katas.api.breaker.BreakerState;
import dev.lockdrill.katas.api.breaker.CircuitBreaker;
import dev.lockdrill.katas.api.breaker.Ticker;
import dev.lockdrill.katas.api.breaker.TransitionListener;

import java.time.Clock;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A ReentrantLock, a deque of the latest outcomes and an "open until" deadline on the ticker; the
 * listener is called while the lock is held, so announcements can never overtake each other.
 */
public final class CountingCircuitBreaker implements CircuitBreaker {
    private final BreakerConfig config;
    private final Ticker ticker;
    private final Clock wallClock;
    private final TransitionListener listener;
    private final ReentrantLock lock = new ReentrantLock();
    private final Deque<Boolean[]> window = new ArrayDeque<>();
    private BreakerState state = BreakerState.CLOSED;
    private long openUntil;
    private int trialsGiven;

    public CountingCircuitBreaker(BreakerConfig config, Ticker ticker, Clock wallClock, TransitionListener listener) {
        this.config = config;
        this.ticker = ticker;
        this.wallClock = wallClock;
        this.listener = listener;
    }

    @Override
    public boolean tryAcquirePermission() {
        long now = ticker.read();
        lock.lock();
        try {
            if (state == BreakerState.OPEN && now - openUntil >= 0) {
                moveTo(BreakerState.HALF_OPEN);
            }
            if (state == BreakerState.HALF_OPEN) {
                if (trialsGiven == config.permittedNumberOfCallsInHalfOpenState()) {
                    return false;
                }
                trialsGiven++;
                return true;
            }
            return state == BreakerState.CLOSED;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void onSuccess(long durationNanos) {
        record(false, durationNanos);
    }

    @Override
    public void onError(long durationNanos, Throwable error) {
        record(true, durationNanos);
    }

    private void record(boolean failed, long durationNanos) {
        boolean slow = durationNanos > config.slowCallDurationThreshold().toNanos();
        lock.lock();
        try {
            if (state == BreakerState.OPEN) {
                return;
            }
            window.addLast(new Boolean[]{failed, slow});
            int size = state == BreakerState.CLOSED ? config.slidingWindowSize()
                    : config.permittedNumberOfCallsInHalfOpenState();
            if (window.size() > size) {
                window.removeFirst();
            }
            int needed = state == BreakerState.CLOSED ? config.minimumNumberOfCalls() : size;
            if (window.size() < needed) {
                return;
            }
            long failures = window.stream().filter(c -> c[0]).count();
            long slowCalls = window.stream().filter(c -> c[1]).count();
            boolean trips = failures * 100 >= (long) config.failureRateThreshold() * window.size()
                    || slowCalls * 100 >= (long) config.slowCallRateThreshold() * window.size();
            if (trips) {
                moveTo(BreakerState.OPEN);
            } else if (state == BreakerState.HALF_OPEN) {
                moveTo(BreakerState.CLOSED);
            }
        } finally {
            lock.unlock();
        }
    }

    private void moveTo(BreakerState next) {
        BreakerState from = state;
        state = next;
        window.clear();
        trialsGiven = 0;
        if (next == BreakerState.OPEN) {
            openUntil = ticker.read() + config.waitDurationInOpenState().toNanos();
        }
        listener.onTransition(from, next, wallClock.instant());
    }
}
