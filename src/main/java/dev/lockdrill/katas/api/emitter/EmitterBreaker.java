package dev.lockdrill.katas.api.emitter;

import dev.lockdrill.katas.api.breaker.CircuitBreaker;

/**
 * The circuit breaker the {@link BreakerFactory} hands out for one (platform, credential). Every
 * permit it grants needs exactly one report: {@link #onSuccess}, {@link #onError} (counted as a
 * failure), or {@link #releasePermission} when the call's answer says nothing about the platform or
 * the credential — an item error such as 404, 410 or 422. A released permit counts neither as a
 * failure nor as a success (Resilience4j's {@code ignoreExceptions} does the same), so a storm of
 * bad items neither opens the breaker nor dilutes its failure rate; in HALF_OPEN it frees the trial.
 */
public interface EmitterBreaker extends CircuitBreaker {
    /** Gives back a permit whose call's outcome is to be ignored, or that was not used for a call. */
    void releasePermission();
}
