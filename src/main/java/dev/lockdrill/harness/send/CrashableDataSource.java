package dev.lockdrill.harness.send;

import dev.lockdrill.harness.WorkerDataSource;

import javax.sql.DataSource;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.logging.Logger;

/**
 * A worker's pool that can die with its "process": once crashed, no new connection is handed
 * out (the harness also kills the sessions it had), so nothing the worker's code still tries
 * reaches the database.
 */
final class CrashableDataSource implements DataSource {
    private final WorkerDataSource pool;
    private volatile boolean crashed;

    CrashableDataSource(WorkerDataSource pool) {
        this.pool = pool;
    }

    void crash() {
        crashed = true;
    }

    boolean crashed() {
        return crashed;
    }

    @Override
    public Connection getConnection() throws SQLException {
        if (crashed) {
            throw new SQLException(pool.worker() + "'s process has crashed", "08006");
        }
        return pool.getConnection();
    }

    @Override
    public Connection getConnection(String username, String password) throws SQLException {
        return getConnection();
    }

    @Override
    public PrintWriter getLogWriter() {
        return null;
    }

    @Override
    public void setLogWriter(PrintWriter out) {
        // no logging
    }

    @Override
    public void setLoginTimeout(int seconds) {
        // fixed by the harness
    }

    @Override
    public int getLoginTimeout() {
        return pool.getLoginTimeout();
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        throw new SQLFeatureNotSupportedException();
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        throw new SQLException("not a wrapper");
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) {
        return false;
    }
}
