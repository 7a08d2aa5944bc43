package dev.lockdrill.drill;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;

/** A time limit started at a clock's instant: how much is left, how much was used. */
public final class Countdown {
    private final Clock clock;
    private final Instant start;
    private final Duration limit;

    public Countdown(Clock clock, Duration limit) {
        this.clock = clock;
        this.start = clock.instant();
        this.limit = limit;
    }

    public Duration limit() {
        return limit;
    }

    public Duration elapsed() {
        return Duration.between(start, clock.instant());
    }

    /** Time left, never negative. */
    public Duration remaining() {
        Duration left = limit.minus(elapsed());
        return left.isNegative() ? Duration.ZERO : left;
    }

    public boolean expired() {
        return remaining().isZero();
    }

    /** m:ss, e.g. 1:05 or 12:00. */
    public static String format(Duration d) {
        long seconds = Math.max(0, d.toSeconds());
        return String.format(Locale.ROOT, "%d:%02d", seconds / 60, seconds % 60);
    }
}
