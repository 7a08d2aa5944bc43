package dev.lockdrill.katas.api.emitter;

import java.time.Duration;

/** Where every emitted event ends: delivered, parked in the dead-letter queue, or deferred to a later try. */
public interface Outbox {
    void delivered(Event event);

    /** Never to be retried: a permanent item error, or every attempt failed. */
    void deadLetter(Event event, String reason);

    /** Not attempted now (e.g. its breaker is open); the outbox hands it back after {@code after}. */
    void retryLater(Event event, Duration after);
}
