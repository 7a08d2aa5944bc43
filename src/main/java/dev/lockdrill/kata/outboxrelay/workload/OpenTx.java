package dev.lockdrill.kata.outboxrelay.workload;

import dev.lockdrill.harness.Failures;
import dev.lockdrill.harness.Recorder;
import dev.lockdrill.kata.outboxrelay.protocol.BusinessTx;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * A business transaction in flight: its own connection (autocommit off) holding business rows
 * and the events the implementation enqueued (one recorded operation per event). The scenario decides when it commits or rolls back.
 */
final class OpenTx {
    private final Connection connection;
    private final List<Recorder.PendingOp> ops;

    OpenTx(Connection connection, List<Recorder.PendingOp> ops) {
        this.connection = connection;
        this.ops = List.copyOf(ops);
    }

    void commit() {
        finish(true);
    }

    void rollback() {
        finish(false);
    }

    private void finish(boolean commit) {
        try (connection) {
            if (commit) {
                connection.commit();
            } else {
                connection.rollback();
            }
            ops.forEach(op -> op.ok(BusinessTx.ended(commit)));
        } catch (SQLException e) {
            ops.forEach(op -> op.info(Failures.describe(e)));
        }
    }
}
