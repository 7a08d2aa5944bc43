package dev.lockdrill.katas.api.emitter;

import dev.lockdrill.katas.api.breaker.CircuitBreaker;

/**
 * Makes a ready, configured circuit breaker (the harness's, on its clock) for the calls with one
 * platform and one credential. Creating a breaker is cheap but starts it CLOSED with an empty
 * window, so keep it: a breaker made per call never opens.
 */
@FunctionalInterface
public interface BreakerFactory {
    CircuitBreaker create(String platform, String credential);
}
