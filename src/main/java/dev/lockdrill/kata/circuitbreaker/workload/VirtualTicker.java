package dev.lockdrill.kata.circuitbreaker.workload;

import dev.lockdrill.katas.api.breaker.Ticker;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The breaker's monotonic time, moved only by the scenario. While a {@link Rendezvous} is armed,
 * every read first waits at it, so threads that read the time between looking at the state and
 * changing it all look at the same old state.
 */
final class VirtualTicker implements Ticker {
    static final long DEFAULT_START = TimeUnit.SECONDS.toNanos(1000);
    private final long start;
    private final AtomicLong nanos;
    private volatile Rendezvous rendezvous;

    VirtualTicker() {
        this(DEFAULT_START);
    }

    /** A ticker that starts at {@code start}: negative or near Long.MAX_VALUE, as System.nanoTime may be. */
    VirtualTicker(long start) {
        this.start = start;
        this.nanos = new AtomicLong(start);
    }

    @Override
    public long read() {
        Rendezvous gate = rendezvous;
        if (gate != null) {
            gate.arrive();
        }
        return nanos.get();
    }

    /** The current time, without waiting at the rendezvous (for the recorder). */
    long peek() {
        return nanos.get();
    }

    /** How far the ticker has moved since it started (correct across an overflow of the raw value). */
    long elapsed() {
        return nanos.get() - start;
    }

    void advanceMillis(long millis) {
        advanceNanos(TimeUnit.MILLISECONDS.toNanos(millis));
    }

    void advanceNanos(long delta) {
        if (delta < 0) {
            throw new IllegalArgumentException("a monotonic ticker never goes back");
        }
        nanos.addAndGet(delta);
    }

    void arm(Rendezvous gate) {
        rendezvous = gate;
    }

    void disarm() {
        rendezvous = null;
    }
}
