package dev.lockdrill.db;

import dev.lockdrill.support.ExitCodes;
import dev.lockdrill.support.LockdrillException;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;

/**
 * A schema of the run's own: created before the check process starts, and dropped after it ends
 * (even when it crashed or timed out), after killing any session the run left behind.
 */
public final class RunSchema implements AutoCloseable {
    private final String jdbcUrl;
    private final String name;
    private final String tag;

    private RunSchema(String jdbcUrl, String name, String tag) {
        this.jdbcUrl = jdbcUrl;
        this.name = name;
        this.tag = tag;
    }

    public static RunSchema create(String jdbcUrl, String name, String tag) {
        RunSchema schema = new RunSchema(jdbcUrl, name, tag);
        try (Connection c = schema.connect(); Statement s = c.createStatement()) {
            s.execute("DROP SCHEMA IF EXISTS " + name + " CASCADE");
            s.execute("CREATE SCHEMA " + name);
        } catch (SQLException e) {
            throw new LockdrillException("Cannot prepare the check's schema on " + JdbcUrls.redact(jdbcUrl) + ": "
                    + e.getMessage() + ". Is PostgreSQL running? `lockdrill doctor` shows what is used.",
                    ExitCodes.USAGE, e);
        }
        return schema;
    }

    public String name() {
        return name;
    }

    public String tag() {
        return tag;
    }

    Connection connect() throws SQLException {
        Properties props = new Properties();
        props.setProperty("ApplicationName", "lockdrill-admin");
        props.setProperty("connectTimeout", "5");
        return DriverManager.getConnection(jdbcUrl, props);
    }

    @Override
    public void close() {
        try (Connection c = connect()) {
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name LIKE ?")) {
                ps.setString(1, tag + "-%");
                ps.execute();
            }
            try (Statement s = c.createStatement()) {
                s.execute("DROP SCHEMA IF EXISTS " + name + " CASCADE");
            }
        } catch (SQLException e) {
            // best effort: a leftover schema is named after its run and harmless
        }
    }
}
