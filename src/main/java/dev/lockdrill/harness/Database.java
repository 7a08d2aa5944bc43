package dev.lockdrill.harness;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;

/**
 * The run's PostgreSQL: one server, one schema of its own, and an application_name tag on every
 * session so that faults hit only this run's backends.
 */
public final class Database {
    private final String jdbcUrl;
    private final String schema;
    private final String tag;

    public Database(String jdbcUrl, String schema, String tag) {
        this.jdbcUrl = jdbcUrl;
        this.schema = schema;
        this.tag = tag;
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
