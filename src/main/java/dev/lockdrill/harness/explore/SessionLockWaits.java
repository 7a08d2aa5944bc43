package dev.lockdrill.harness.explore;

import dev.lockdrill.harness.Database;
import dev.lockdrill.harness.LockWaits;

import java.sql.Connection;
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
        return LockWaits.waitingNow(database, observer, actor);
    }

    @Override
    public void close() throws SQLException {
        if (observer != null) {
            observer.close();
        }
    }
}
