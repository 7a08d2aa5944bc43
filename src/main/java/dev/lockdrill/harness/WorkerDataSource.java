package dev.lockdrill.harness;

import javax.sql.DataSource;
import java.io.PrintWriter;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.logging.Logger;

/**
 * The DataSource a worker's implementation gets: a small pool of tagged connections, like the
 * pool a real service would have. close() returns a connection to the pool (rolling back what
 * was left open); a connection that died (killed backend) is discarded and replaced on the next
 * getConnection(). Every round trip passes through the installed {@link RoundTripHook}.
 */
public final class WorkerDataSource implements DataSource {
    private final Database database;
    private final String worker;
    private final boolean pooled;
    private final Deque<Connection> idle = new ArrayDeque<>();
    private volatile RoundTripHook hook = RoundTripHook.NONE;
    private volatile boolean crashed;

    WorkerDataSource(Database database, String worker) {
        this(database, worker, false);
    }

    /** {@code pooled}: its connections go through the run's PgBouncer instead of straight to PostgreSQL. */
    WorkerDataSource(Database database, String worker, boolean pooled) {
        this.database = database;
        this.worker = worker;
        this.pooled = pooled;
    }

    public String worker() {
        return worker;
    }

    public void hook(RoundTripHook hook) {
        this.hook = hook == null ? RoundTripHook.NONE : hook;
    }

    /** The worker's process died: from now on no connection is handed out (faults kill the open ones). */
    public void crash() {
        crashed = true;
    }

    public boolean crashed() {
        return crashed;
    }

    @Override
    public Connection getConnection() throws SQLException {
        if (crashed) {
            throw new SQLException(worker + "'s process has crashed", "08006");
        }
        Connection physical;
        synchronized (idle) {
            physical = idle.pollFirst();
        }
        if (physical == null || physical.isClosed()) {
            physical = open();
        }
        return (Connection) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[]{Connection.class},
                new ConnectionHandler(physical));
    }

    /** Opens one connection ahead of time, as a service's pool would be warm before traffic arrives. */
    public void warmUp() throws SQLException {
        Connection physical = open();
        synchronized (idle) {
            idle.addFirst(physical);
        }
    }

    /**
     * Drops the idle connections, as a validating pool drops those whose backend was killed, so a
     * kill shows in the calls it hit rather than in whichever later call draws a dead connection.
     */
    public void evictIdle() {
        close();
    }

    private Connection open() throws SQLException {
        return pooled ? database.connectPooled(worker) : database.connect(worker);
    }

    /** Closes every pooled connection (end of scenario). */
    public void close() {
        synchronized (idle) {
            for (Connection c : idle) {
                try {
                    c.close();
                } catch (SQLException ignored) {
                    // already gone
                }
            }
            idle.clear();
        }
    }

    private void giveBack(Connection physical, boolean broken) {
        try {
            if (broken || physical.isClosed()) {
                physical.close();
                return;
            }
            if (!physical.getAutoCommit()) {
                physical.rollback();
                physical.setAutoCommit(true);
            }
            synchronized (idle) {
                idle.addFirst(physical);
            }
        } catch (SQLException e) {
            try {
                physical.close();
            } catch (SQLException ignored) {
                // already gone
            }
        }
    }

    /** Runs the hook once the server answered; a reply the hook loses takes the connection with it. */
    private void afterRoundTrip(ConnectionHandler owner, String kind, String sql) throws SQLException {
        try {
            boolean committed = kind.equals("commit") || kind.equals("statement") && owner.physical.getAutoCommit();
            hook.afterRoundTrip(worker, kind, sql, committed);
        } catch (SQLException lost) {
            owner.broken = true;
            int backend = pooled ? 0 : backendPid(owner.physical);
            try {
                owner.physical.close();
            } catch (SQLException ignored) {
                // it is being dropped anyway
            }
            awaitGone(backend);
            throw lost;
        }
    }

    private static int backendPid(Connection physical) {
        try {
            return physical.unwrap(org.postgresql.PGConnection.class).getBackendPID();
        } catch (SQLException notPostgres) {
            return 0;
        }
    }

    /**
     * A dropped connection's server session notices the closed socket on its own, a moment later,
     * and only then rolls back what it held open (row locks a claim took). The harness ends it and
     * waits for it (up to 3 s), so the fault is over when the worker's code hears of it and what
     * comes next never meets locks of a session that no longer exists.
     */
    private void awaitGone(int backend) {
        if (backend == 0) {
            return;
        }
        try (Connection killer = database.killer("killer");
             java.sql.PreparedStatement ps = killer.prepareStatement("SELECT pg_terminate_backend(?, 3000)")) {
            ps.setInt(1, backend);
            ps.execute();
        } catch (SQLException alreadyGone) {
            // no such session any more (or it could not be waited for): nothing to end
        }
    }

    private static boolean isFatal(Throwable t) {
        if (t instanceof SQLException sql) {
            String state = sql.getSQLState();
            return state != null && (state.startsWith("08") || state.startsWith("57P"));
        }
        return false;
    }

    private final class ConnectionHandler implements InvocationHandler {
        private final Connection physical;
        private boolean closed;
        private boolean broken;

        private ConnectionHandler(Connection physical) {
            this.physical = physical;
        }

        @Override
        public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
            String name = method.getName();
            switch (name) {
                case "close":
                    if (!closed) {
                        closed = true;
                        giveBack(physical, broken);
                    }
                    return null;
                case "isClosed":
                    return closed || physical.isClosed();
                case "unwrap":
                    return physical.unwrap((Class<?>) args[0]);
                case "equals":
                    return proxy == args[0];
                case "hashCode":
                    return System.identityHashCode(proxy);
                default:
                    break;
            }
            if (closed) {
                throw new SQLException("connection was closed (returned to the pool)", "08003");
            }
            boolean roundTrip = name.equals("commit") || name.equals("rollback") && (args == null || args.length == 0);
            if (roundTrip) {
                hook.beforeRoundTrip(worker, name, null);
            }
            Object result;
            try {
                result = call(method, args);
            } catch (Throwable failed) {
                if (roundTrip) {
                    hook.roundTripFailed(worker, name, null);
                }
                throw failed;
            }
            if (roundTrip) {
                afterRoundTrip(this, name, null);
            }
            if (result instanceof Statement statement) {
                String sql = args != null && args.length > 0 && args[0] instanceof String s ? s : null;
                Class<?> iface = method.getReturnType();
                return Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[]{iface},
                        new StatementHandler(statement, (Connection) proxy, sql, this));
            }
            return result;
        }

        Object call(Method method, Object[] args) throws Throwable {
            try {
                return method.invoke(physical, args);
            } catch (InvocationTargetException e) {
                if (isFatal(e.getCause())) {
                    broken = true;
                }
                throw e.getCause();
            }
        }
    }

    private final class StatementHandler implements InvocationHandler {
        private final Statement statement;
        private final Connection connectionProxy;
        private final String preparedSql;
        private final ConnectionHandler owner;

        private StatementHandler(Statement statement, Connection connectionProxy, String preparedSql,
                                 ConnectionHandler owner) {
            this.statement = statement;
            this.connectionProxy = connectionProxy;
            this.preparedSql = preparedSql;
            this.owner = owner;
        }

        @Override
        public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
            String name = method.getName();
            if (name.equals("getConnection")) {
                return connectionProxy;
            }
            boolean roundTrip = name.startsWith("execute");
            String sql = args != null && args.length > 0 && args[0] instanceof String s ? s : preparedSql;
            if (roundTrip) {
                hook.beforeRoundTrip(worker, "statement", sql);
            }
            Object result;
            try {
                result = method.invoke(statement, args);
            } catch (InvocationTargetException e) {
                if (isFatal(e.getCause())) {
                    owner.broken = true;
                }
                if (roundTrip) {
                    hook.roundTripFailed(worker, "statement", sql);
                }
                throw e.getCause();
            }
            if (roundTrip) {
                afterRoundTrip(owner, "statement", sql);
            }
            return result;
        }
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
        return 5;
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
