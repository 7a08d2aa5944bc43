package dev.lockdrill.harness;

import java.sql.SQLException;

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

    /**
     * The server acted on this round trip and answered; the worker's code has not seen the answer yet.
     * {@code committed}: the round trip ended a transaction (a COMMIT, or a statement in autocommit),
     * so its effect is visible to others, and holding its reply holds nothing else (a reply held
     * inside an open transaction would hold that transaction's locks too). A hook that throws here
     * loses the reply: the worker's connection is dropped and its code gets the exception, although
     * the server's work is done (a COMMIT whose acknowledgement never came).
     */
    default void afterRoundTrip(String worker, String kind, String sql, boolean committed) throws SQLException {
    }

    /** The round trip ended in an error (the server refused it, or the connection broke): the worker's code has not seen it yet. */
    default void roundTripFailed(String worker, String kind, String sql) {
    }
}
