package dev.lockdrill.katas.api.emitter;

/**
 * Makes a ready, configured circuit breaker (the harness's, on its clock) for the calls with one
 * platform and one credential. Creating a breaker is cheap but starts it CLOSED with an empty
 * window, so keep it: a breaker made per call never opens. The same credential id on two platforms
 * is two keys: {@code create("github", "acme")} and {@code create("azure", "acme")} are two breakers.
 */
@FunctionalInterface
public interface BreakerFactory {
    EmitterBreaker create(String platform, String credential);
}
