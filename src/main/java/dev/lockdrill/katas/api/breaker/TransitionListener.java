package dev.lockdrill.katas.api.breaker;

import java.time.Instant;

/**
 * Told about every state transition, exactly once, on the thread that made it, before the call that
 * caused it returns. {@code at} is the time of day (from the wall clock), for logs only.
 */
@FunctionalInterface
public interface TransitionListener {
    void onTransition(BreakerState from, BreakerState to, Instant at);
}
