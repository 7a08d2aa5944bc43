package dev.lockdrill.harness;

import dev.lockdrill.support.ChildArgs;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;

/**
 * The run's PostgreSQL: one server, one schema of its own, and an application_name tag on every
 * session so that faults hit only this run's backends; and, when the kata needs one and PgBouncer
 * is installed, a transaction pooler in front of it.
 *
 * <p>One role: the run's own, the only one the check process is told (the configured role's URL
 * and password stay with the parent). The workers' pools, the harness's setup and ground truth, and
 * the faults that end sessions ({@link #killer}) all use it: PostgreSQL lets a role end its own
 * role's sessions with {@code pg_terminate_backend}, and every session a fault aims at is the run's.
 */
public final class Database {
    /** What evidence calls the pooler, so a failure through it says so. */
    public static final String POOLER = "PgBouncer (transaction pooling)";
    private final String jdbcUrl;
    private final String ownerUrl;
    private final String schema;
    private final String tag;
    private final String pooledUrl;
    private final String noPooler;

    public Database(String jdbcUrl, String schema, String tag) {
        this(jdbcUrl, null, schema, tag, null, null);
    }

    public Database(String jdbcUrl, String schema, String tag, String pooledUrl) {
        this(jdbcUrl, null, schema, tag, pooledUrl, null);
    }

    /**
     * {@code ownerUrl} logs in as the run's own role (null when the run uses the configured role);
     * {@code noPooler}: why no pooler runs (null when one does, or when nobody said).
     */
    public Database(String jdbcUrl, String ownerUrl, String schema, String tag, String pooledUrl, String noPooler) {
        this.jdbcUrl = jdbcUrl;
        this.ownerUrl = ownerUrl == null || ownerUrl.isBlank() ? jdbcUrl : ownerUrl;
        this.schema = schema;
        this.tag = tag;
        this.pooledUrl = pooledUrl == null || pooledUrl.isBlank() ? null : pooledUrl;
        this.noPooler = noPooler == null || noPooler.isBlank() ? "no PgBouncer runs for this check" : noPooler;
    }

    /**
     * The database as lane {@code lane} sees it (one of the run's {@link WorkloadContext#lanes}):
     * lane 0 is this one; a further lane has the schema the parent made for it and sessions tagged
     * with the lane's letter, so its tables, kills and session counts are its own; the pooler
     * serves lane 0 only.
     */
    public Database lane(int lane) {
        if (lane == 0) {
            return this;
        }
        return new Database(jdbcUrl, ownerUrl, ChildArgs.laneSchema(schema, lane), ChildArgs.laneTag(tag, lane),
                null, "a lane other than the first runs no PgBouncer");
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

    /** A session as the run's own role, tagged with the worker's name. */
    public Connection connect(String worker) throws SQLException {
        return connect(ownerUrl, worker);
    }

    /** A session for faults that end the run's sessions (as the run's role, which may end its own). */
    public Connection killer(String worker) throws SQLException {
        return connect(ownerUrl, worker);
    }

    private Connection connect(String url, String worker) throws SQLException {
        Properties props = new Properties();
        props.setProperty("ApplicationName", applicationName(worker));
        props.setProperty("currentSchema", schema);
        props.setProperty("connectTimeout", "5");
        // Durability across a server crash is not under test; skipping the WAL flush per commit
        // keeps a check fast on slow disks without changing what concurrent sessions can see.
        props.setProperty("options", "-c synchronous_commit=off");
        return DriverManager.getConnection(url, props);
    }

    /**
     * A connection for the harness itself (setup, ground truth) as the run's role, so the tables
     * it creates belong to the run; autocommit on.
     */
    public Connection owner() throws SQLException {
        return connect("harness");
    }

    public WorkerDataSource dataSource(String worker) {
        return new WorkerDataSource(this, worker);
    }
}
