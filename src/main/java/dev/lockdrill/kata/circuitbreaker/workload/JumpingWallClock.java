package dev.lockdrill.kata.circuitbreaker.workload;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicLong;

/** The time of day the breaker sees: moves with the ticker, and jumps when NTP (the scenario) says so. */
final class JumpingWallClock extends Clock {
    private static final Instant BASE = Instant.parse("2026-03-29T00:30:00Z");
    private final VirtualTicker ticker;
    private final AtomicLong jumpMillis = new AtomicLong();

    JumpingWallClock(VirtualTicker ticker) {
        this.ticker = ticker;
    }

    void jumpMillis(long millis) {
        jumpMillis.addAndGet(millis);
    }

    @Override
    public Instant instant() {
        return BASE.plusNanos(ticker.elapsed()).plusMillis(jumpMillis.get());
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        throw new UnsupportedOperationException("the harness wall clock is UTC only");
    }
}
