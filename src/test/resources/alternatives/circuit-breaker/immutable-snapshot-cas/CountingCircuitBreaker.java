package katas.circuitbreaker;

import dev.lockdrill.katas.api.breaker.BreakerConfig;
import dev.lockdrill.katas.api.breaker.BreakerState;
import dev.lockdrill.katas.api.breaker.CircuitBreaker;
import dev.lockdrill.katas.api.breaker.Ticker;
import dev.lockdrill.katas.api.breaker.TransitionListener;

import java.time.Clock;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The whole breaker is one immutable snapshot behind an AtomicReference. Every call computes the
 * next snapshot from the one it read and installs it with compareAndSet, retrying if another thread
 * got there first; whoever installs a snapshot with a new state announces that transition.
 */
public final class CountingCircuitBreaker implements CircuitBreaker {
    private static final byte FAILED = 1;
    private static final byte SLOW = 2;

    private final BreakerConfig config;
    private final Ticker ticker;
    private final Clock wallClock;
    private final TransitionListener listener;
    private final long slowNanos;
    private final AtomicReference<Snapshot> current;

    /**
     * One immutable moment of the breaker. {@code calls} holds the CLOSED window's outcomes (FAILED and
     * SLOW bits) in a ring of {@code size} starting at {@code head}; in HALF_OPEN, {@code given} trials
     * are out and {@code back} of them have come back.
     */
    private record Snapshot(BreakerState state, byte[] calls, int head, int size, long openedAt, int given, int back,
                            int failures, int slow) {
    }

    public CountingCircuitBreaker(BreakerConfig config, Ticker ticker, Clock wallClock, TransitionListener listener) {
        this.config = config;
        this.ticker = ticker;
        this.wallClock = wallClock;
        this.listener = listener;
        this.slowNanos = config.slowCallDurationThreshold().toNanos();
        this.current = new AtomicReference<>(closed());
    }

    @Override
    public boolean tryAcquirePermission() {
        while (true) {
            Snapshot seen = current.get();
            Snapshot next;
            switch (seen.state()) {
                case CLOSED:
                    return true;
                case OPEN:
                    if (ticker.read() - seen.openedAt() < config.waitDurationInOpenState().toNanos()) {
                        return false;
                    }
                    next = new Snapshot(BreakerState.HALF_OPEN, null, 0, 0, 0, 1, 0, 0, 0);
                    break;
                default:
                    if (seen.given() >= config.permittedNumberOfCallsInHalfOpenState()) {
                        return false;
                    }
                    next = new Snapshot(BreakerState.HALF_OPEN, null, 0, 0, 0, seen.given() + 1, seen.back(),
                            seen.failures(), seen.slow());
            }
            if (install(seen, next)) {
                return true;
            }
        }
    }

    @Override
    public void onSuccess(long durationNanos) {
        record((byte) (durationNanos > slowNanos ? SLOW : 0));
    }

    @Override
    public void onError(long durationNanos, Throwable error) {
        record((byte) (FAILED | (durationNanos > slowNanos ? SLOW : 0)));
    }

    private void record(byte outcome) {
        while (true) {
            Snapshot seen = current.get();
            Snapshot next;
            if (seen.state() == BreakerState.CLOSED) {
                next = withCall(seen, outcome);
            } else if (seen.state() == BreakerState.HALF_OPEN) {
                next = withTrial(seen, outcome);
            } else {
                return;
            }
            if (install(seen, next)) {
                return;
            }
        }
    }

    private Snapshot withCall(Snapshot seen, byte outcome) {
        int capacity = config.slidingWindowSize();
        byte[] calls = Arrays.copyOf(seen.calls(), capacity);
        int failures = seen.failures();
        int slow = seen.slow();
        int head = seen.head();
        int size = seen.size();
        if (size == capacity) {
            failures -= calls[head] & FAILED;
            slow -= (calls[head] & SLOW) >> 1;
            calls[head] = outcome;
            head = (head + 1) % capacity;
        } else {
            calls[(head + size) % capacity] = outcome;
            size++;
        }
        failures += outcome & FAILED;
        slow += (outcome & SLOW) >> 1;
        if (size >= config.minimumNumberOfCalls() && over(failures, slow, size)) {
            return new Snapshot(BreakerState.OPEN, null, 0, 0, ticker.read(), 0, 0, 0, 0);
        }
        return new Snapshot(BreakerState.CLOSED, calls, head, size, 0, 0, 0, failures, slow);
    }

    private Snapshot withTrial(Snapshot seen, byte outcome) {
        int back = seen.back() + 1;
        int failures = seen.failures() + (outcome & FAILED);
        int slow = seen.slow() + ((outcome & SLOW) >> 1);
        int trials = config.permittedNumberOfCallsInHalfOpenState();
        if (back < trials) {
            return new Snapshot(BreakerState.HALF_OPEN, null, 0, 0, 0, seen.given(), back, failures, slow);
        }
        return over(failures, slow, trials) ? new Snapshot(BreakerState.OPEN, null, 0, 0, ticker.read(), 0, 0, 0, 0)
                : closed();
    }

    private Snapshot closed() {
        return new Snapshot(BreakerState.CLOSED, new byte[config.slidingWindowSize()], 0, 0, 0, 0, 0, 0, 0);
    }

    private boolean over(int failures, int slow, int calls) {
        return failures * 100.0 >= config.failureRateThreshold() * calls
                || slow * 100.0 >= config.slowCallRateThreshold() * calls;
    }

    private boolean install(Snapshot seen, Snapshot next) {
        if (!current.compareAndSet(seen, next)) {
            return false;
        }
        if (next.state() != seen.state()) {
            listener.onTransition(seen.state(), next.state(), wallClock.instant());
        }
        return true;
    }
}
