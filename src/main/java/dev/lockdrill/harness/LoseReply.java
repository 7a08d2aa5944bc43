package dev.lockdrill.harness;

import java.sql.SQLException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A fault on the far side of an acknowledgement: the server has acted on a worker's round trip and
 * answered, and the answer never reaches the worker's code. The connection is dropped and the code
 * gets an I/O error (SQLSTATE 08006), as when a network fails between a COMMIT and its reply. Once:
 * at the first round trip after which {@code applied} holds (ground truth read from the database by
 * the scenario, so it lands on the round trip that made the effect visible, whatever the design).
 */
public final class LoseReply implements RoundTripHook {
    /** Whether the effect the scenario waits for is visible now. */
    @FunctionalInterface
    public interface Check {
        boolean holds() throws SQLException;
    }

    private final Check applied;
    private final boolean onlyCommitting;
    private final AtomicBoolean lost = new AtomicBoolean();
    private volatile String roundTrip = "";

    private LoseReply(Check applied, boolean onlyCommitting) {
        this.applied = applied;
        this.onlyCommitting = onlyCommitting;
    }

    /** Loses the reply of the first round trip after which the effect is visible. */
    public static LoseReply onceApplied(Check applied) {
        return new LoseReply(applied, false);
    }

    /** Loses the reply of the worker's next round trip, whatever it was (a read as well as a write). */
    public static LoseReply next() {
        return new LoseReply(() -> true, false);
    }

    /**
     * Loses the reply of the worker's next round trip that ended a transaction (a COMMIT, or a
     * statement in autocommit): its effect is visible to everyone, and only the worker does not know.
     */
    public static LoseReply nextCommitting() {
        return new LoseReply(() -> true, true);
    }

    @Override
    public void beforeRoundTrip(String worker, String kind, String sql) {
        // nothing before: this fault lands after the server acted
    }

    @Override
    public void afterRoundTrip(String worker, String kind, String sql, boolean committed) throws SQLException {
        if (!lost.get() && (committed || !onlyCommitting) && applied.holds() && lost.compareAndSet(false, true)) {
            roundTrip = sql == null ? kind : Sql.firstLine(sql);
            throw new SQLException("An I/O error occurred while reading from the backend: the connection was lost "
                    + "after the server acted (dropped by the harness)", "08006");
        }
    }

    public boolean landed() {
        return lost.get();
    }

    /** The round trip whose reply was lost (its statement's first line, or commit). */
    public String roundTrip() {
        return roundTrip;
    }
}
