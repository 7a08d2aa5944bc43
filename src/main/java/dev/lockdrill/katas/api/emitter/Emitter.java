package dev.lockdrill.katas.api.emitter;

/**
 * Delivers events to platforms. The kata's class has a public constructor
 * {@code (Map<String, PlatformClient> clients, BreakerFactory breakers, Sleeper sleeper, Outbox outbox, long seed)}
 * (clients keyed by platform name; {@code seed} for the retry jitter). Several outbox workers call
 * {@link #emit} at once, so it must be safe to call from many threads, and a thread that sleeps
 * between attempts must not hold up the others.
 */
public interface Emitter {
    /** Tries to deliver one event and tells the outbox how it ended, exactly once, before returning. */
    void emit(Event event) throws InterruptedException;
}
