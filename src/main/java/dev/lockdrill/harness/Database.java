package dev.lockdrill.harness;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;

/**
 * The run's PostgreSQL: one server, one schema of its own, and an application_name tag on every
 * session so that faults hit only this run's backends; and, when the kata needs one and PgBouncer
 * is installed, a transaction pooler in front of it.
 */
public final class Database {
    /** What evidence calls the pooler, so a failure through it says so. */
    public static final String POOLER = "PgBouncer (transaction pooling)";
    private final String jdbcUrl;
    private final String schema;
    private final String tag;
    private final String pooledUrl;
    private final String noPooler;

    public Database(String jdbcUrl, String schema, String tag) {
        this(jdbcUrl, schema, tag, null, null);
    }

    public Database(String jdbcUrl, String schema, String tag, String pooledUrl) {
        this(jdbcUrl, schema, tag, pooledUrl, null);
    }

    /** {@code noPooler}: why no pooler runs (null when one does, or when nobody said). */
    public Database(String jdbcUrl, String schema, String tag, String pooledUrl, String noPooler) {
        this.jdbcUrl = jdbcUrl;
        this.schema = schema;
        this.tag = tag;
        this.pooledUrl = pooledUrl == null || pooledUrl.isBlank() ? null : pooledUrl;
        this.noPooler = noPooler == null || noPooler.isBlank() ? "no PgBouncer runs for this check" : noPooler;
    }

    /** Whether a pooler runs in front of the database; without one, pooled scenarios are not run. */
    public boolean pooled() {
        return pooledUrl != null;
    }

    /** Why no pooler runs, in a few words (meaningful when {@link #pooled()} is false). */
    public String noPooler() {
        return noPooler;
    }

    /** A worker's pool of sessions through the pooler (see {@link #connectPooled}). */
    public WorkerDataSource pooledDataSource(String worker) {
        return new WorkerDataSource(this, worker, true);
    }

    /**
     * A worker's session through the pooler: in transaction mode, each transaction may get another
     * server session (the pooler sets the search path to the run's schema on each).
     */
    public Connection connectPooled(String worker) throws SQLException {
        if (pooledUrl == null) {
            throw new HarnessException("this scenario needs " + POOLER + ", which is not installed");
        }
        Properties props = new Properties();
        props.setProperty("ApplicationName", applicationName(worker));
        props.setProperty("connectTimeout", "5");
        return DriverManager.getConnection(pooledUrl, props);
    }

    public String schema() {
        return schema;
    }

    /** The application_name a worker's sessions carry. */
    public String applicationName(String worker) {
        return tag + "-" + worker;
    }

    public Connection connect(String worker) throws SQLException {
        Properties props = new Properties();
        props.setProperty("ApplicationName", applicationName(worker));
        props.setProperty("currentSchema", schema);
        props.setProperty("connectTimeout", "5");
        // Durability across a server crash is not under test; skipping the WAL flush per commit
        // keeps a check fast on slow disks without changing what concurrent sessions can see.
        props.setProperty("options", "-c synchronous_commit=off");
        return DriverManager.getConnection(jdbcUrl, props);
    }

    /** A connection for the harness itself (setup, ground truth, faults); autocommit on. */
    public Connection admin() throws SQLException {
        return connect("harness");
    }

    public WorkerDataSource dataSource(String worker) {
        return new WorkerDataSource(this, worker);
    }
}
