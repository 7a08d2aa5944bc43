package dev.lockdrill.harness;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * Kills a worker's PostgreSQL backends with pg_terminate_backend, found by the worker's
 * application_name, so only this run's sessions are ever hit.
 */
public final class BackendKiller {
    private final Database database;

    public BackendKiller(Database database) {
        this.database = database;
    }

    /**
     * Waits until one of the worker's backends waits on a lock, then kills it. Returns its pid, or
     * -1. Uses a connection of its own in autocommit: inside a transaction pg_stat_activity is a
     * frozen snapshot and would never show the wait.
     */
    public int killWhenBlocked(String worker, long timeoutMillis) throws SQLException {
        try (Connection killer = database.killer("killer")) {
            long deadline = System.nanoTime() + timeoutMillis * 1_000_000;
            while (System.nanoTime() < deadline) {
                List<Integer> blocked = pids(killer, worker, true);
                if (!blocked.isEmpty()) {
                    terminate(killer, blocked.get(0));
                    return blocked.get(0);
                }
                sleep(2);
            }
            return -1;
        }
    }

    /** Whether one of the worker's backends is waiting on a lock right now (row, table or advisory). */
    public boolean isBlocked(Connection observer, String worker) throws SQLException {
        return !pids(observer, worker, true).isEmpty();
    }

    /** Kills every backend of the worker; returns how many. */
    public int killAll(String worker) throws SQLException {
        try (Connection killer = database.killer("killer")) {
            List<Integer> pids = pids(killer, worker, false);
            for (int pid : pids) {
                terminate(killer, pid);
            }
            return pids.size();
        }
    }

    private List<Integer> pids(Connection admin, String worker, boolean onlyBlocked) throws SQLException {
        String sql = "SELECT pid FROM pg_stat_activity WHERE application_name = ?"
                + (onlyBlocked ? " AND wait_event_type = 'Lock'" : "");
        try (PreparedStatement ps = admin.prepareStatement(sql)) {
            ps.setString(1, database.applicationName(worker));
            try (ResultSet rs = ps.executeQuery()) {
                List<Integer> pids = new ArrayList<>();
                while (rs.next()) {
                    pids.add(rs.getInt(1));
                }
                return pids;
            }
        }
    }

    private static void terminate(Connection admin, int pid) throws SQLException {
        try (PreparedStatement ps = admin.prepareStatement("SELECT pg_terminate_backend(?)")) {
            ps.setInt(1, pid);
            ps.execute();
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
