package dev.lockdrill.harness;

/**
 * Called on the worker's thread just before each round trip its connection makes (a statement,
 * a commit or a rollback). Scenarios install one to pause a worker at the worst moment.
 */
@FunctionalInterface
public interface RoundTripHook {
    RoundTripHook NONE = (worker, kind, sql) -> {
    };

    void beforeRoundTrip(String worker, String kind, String sql);
}
