package dev.lockdrill.kata.pglockservice.workload;

import dev.lockdrill.harness.Database;
import dev.lockdrill.harness.HarnessException;
import dev.lockdrill.harness.Sql;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The harness's own session per worker name (DB clock readings, protected-resource writes,
 * kills), kept for the whole run. Tagged "harness-<worker>", so killing a worker's pool never
 * touches it.
 */
final class HarnessSessions implements AutoCloseable {
    private final Database database;
    private final Map<String, Connection> sessions = new HashMap<>();

    HarnessSessions(Database database) {
        this.database = database;
    }

    List<Map<String, Object>> query(String worker, String sql, Object... params) {
        try {
            Connection c;
            synchronized (sessions) {
                c = sessions.get(worker);
                if (c == null) {
                    c = database.connect("harness-" + worker);
                    sessions.put(worker, c);
                }
            }
            return Sql.rows(c, sql, params);
        } catch (SQLException e) {
            throw new HarnessException("the check's own session for " + worker + " failed: " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        synchronized (sessions) {
            for (Connection c : sessions.values()) {
                try {
                    c.close();
                } catch (SQLException ignored) {
                    // already gone
                }
            }
            sessions.clear();
        }
    }
}
