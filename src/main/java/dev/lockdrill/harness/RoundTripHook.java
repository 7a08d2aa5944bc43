package dev.lockdrill.harness;

/**
 * Called on the worker's thread around each round trip its connection makes (a statement, a
 * commit or a rollback). Scenarios install one to pause a worker at the worst moment: before the
 * server sees the request, or after the server acted and answered but before the worker's code
 * gets the answer (its reply held, as on a slow network or a stop-the-world pause).
 */
@FunctionalInterface
public interface RoundTripHook {
    RoundTripHook NONE = (worker, kind, sql) -> {
    };

    void beforeRoundTrip(String worker, String kind, String sql);

    /** The server answered (or failed) this round trip; the worker's code has not seen the answer yet. */
    default void afterRoundTrip(String worker, String kind, String sql) {
    }
}
