package dev.lockdrill.kata.breakerplacement.workload;

import dev.lockdrill.katas.api.breaker.Ticker;

import java.util.concurrent.atomic.AtomicLong;

/** The emitter scenarios' clock: platform latency, retry sleeps and breaker waits all move it, nothing blocks. */
final class VirtualTime implements Ticker {
    private final AtomicLong nanos = new AtomicLong();

    @Override
    public long read() {
        return nanos.get();
    }

    long millis() {
        return nanos.get() / 1_000_000L;
    }

    void advanceMillis(long millis) {
        nanos.addAndGet(Math.max(0, millis) * 1_000_000L);
    }
}
