package dev.lockdrill.harness.explore;

import dev.lockdrill.harness.Database;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * The {@link StepRunner.Waits} of a schedule on PostgreSQL: an actor waits when one of its sessions
 * waits on another session's lock (a row, a transaction, an advisory lock; a relation-extension wait
 * is momentary and is not one). Opens its own autocommit session the first time it is asked, as the
 * harness.
 */
final class SessionLockWaits implements StepRunner.Waits, AutoCloseable {
    private final Database database;
    private Connection observer;

    SessionLockWaits(Database database) {
        this.database = database;
    }

    @Override
    public boolean waiting(String actor) throws SQLException {
        if (observer == null) {
            observer = database.connect("harness-steps");
        }
        try (PreparedStatement ps = observer.prepareStatement("SELECT count(*) FROM pg_stat_activity "
                + "WHERE application_name = ? AND wait_event_type = 'Lock' AND wait_event <> 'extend'")) {
            ps.setString(1, database.applicationName(actor));
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() && rs.getLong(1) > 0;
            }
        }
    }

    @Override
    public void close() throws SQLException {
        if (observer != null) {
            observer.close();
        }
    }
}
