package dev.lockdrill.katas.api.breaker;

/**
 * A monotonic time source, in nanoseconds from an arbitrary origin (like {@link System#nanoTime()}).
 * It never goes backwards and never jumps with the time of day; measure every wait with it. The
 * harness drives a virtual one, so your breaker must read time from here and nowhere else.
 */
@FunctionalInterface
public interface Ticker {
    long read();
}
