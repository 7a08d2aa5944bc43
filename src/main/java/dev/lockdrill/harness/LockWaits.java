package dev.lockdrill.harness;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * Tells whether a worker is really waiting on another session's lock (a row, a transaction or an
 * advisory lock), not merely passing through a momentary relation-extension wait: the wait must be
 * seen on several consecutive polls. Uses an autocommit connection of its own.
 */
public final class LockWaits {
    static final int CONFIRMATIONS = 3;
    private final Database database;
    private final Connection observer;
    private int seen;

    public LockWaits(Database database, Connection observer) {
        this.database = database;
        this.observer = observer;
    }

    /** Polls once; true after the worker has been seen waiting on CONFIRMATIONS polls in a row. */
    public boolean waiting(String worker) throws SQLException {
        seen = waitingNow(database, observer, worker) ? seen + 1 : 0;
        return seen >= CONFIRMATIONS;
    }

    /**
     * One poll, asked on {@code observer}: whether a session of the worker waits on another session's
     * lock now (a relation-extension wait is momentary and is not one).
     */
    public static boolean waitingNow(Database database, Connection observer, String worker) throws SQLException {
        try (PreparedStatement ps = observer.prepareStatement("SELECT count(*) FROM pg_stat_activity "
                + "WHERE application_name = ? AND wait_event_type = 'Lock' AND wait_event <> 'extend'")) {
            ps.setString(1, database.applicationName(worker));
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() && rs.getLong(1) > 0;
            }
        }
    }
}
