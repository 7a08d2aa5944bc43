package dev.lockdrill.kata.providerfallbackladder.workload;

import dev.lockdrill.katas.api.breaker.Ticker;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A ladder's monotonic time, moved only by the harness: by a scenario between jobs, and by a fake
 * provider while a call "takes" its latency or the caller's timeout. Calls that overlap also overlap
 * in virtual time (the ticker moves to the latest end, never by the sum). While a {@link ReadGate}
 * is armed every read first waits at it, so workers that read the time between looking at a
 * provider's state and changing it all look at the same old state.
 */
final class VirtualTicker implements Ticker {
    static final long ORIGIN = TimeUnit.SECONDS.toNanos(1000);
    private final AtomicLong nanos = new AtomicLong(ORIGIN);
    private volatile ReadGate gate;

    @Override
    public long read() {
        ReadGate armed = gate;
        if (armed != null) {
            armed.arrive();
        }
        return nanos.get();
    }

    /** The time without waiting at the gate (for the harness). */
    long peek() {
        return nanos.get();
    }

    /** Moves time to {@code tick} unless it is already past it. */
    void advanceTo(long tick) {
        nanos.accumulateAndGet(tick, Math::max);
    }

    void advanceMillis(long millis) {
        nanos.addAndGet(TimeUnit.MILLISECONDS.toNanos(millis));
    }

    void arm(ReadGate readGate) {
        gate = readGate;
    }

    void disarm() {
        gate = null;
    }
}
