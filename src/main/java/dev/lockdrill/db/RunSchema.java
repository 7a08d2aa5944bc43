package dev.lockdrill.db;

import dev.lockdrill.support.Text;
import dev.lockdrill.support.ExitCodes;
import dev.lockdrill.support.LockdrillException;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A schema of the run's own: created before the check process starts, registered with the
 * process that owns it (a comment naming its PID, host and start), and dropped after it ends (even
 * when it crashed or timed out), after terminating every session the run left behind. Dropping
 * is bounded in time; a run whose owner died (kill -9, a closed terminal) is swept by the next
 * check or by {@code doctor --clean}.
 */
public final class RunSchema implements AutoCloseable {
    static final String COMMENT_PREFIX = "lockdrill run: ";
    static final Pattern REGISTRATION = Pattern.compile("lockdrill run: pid=(\\d+) host=(\\S+) started=(\\S+)");
    static final Pattern RUN_SCHEMA = Pattern.compile("^ld[0-9a-f]+_[a-z]+$");
    static final int DROP_ATTEMPTS = 3;
    /** Schemas of this process's runs still open, dropped by a shutdown hook if the process is stopped. */
    private static final Set<RunSchema> OPEN = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> OPEN.forEach(RunSchema::close), "drop-run-schemas"));
    }

    private final String jdbcUrl;
    private final String name;
    private final String tag;
    private volatile String problem = "";

    private RunSchema(String jdbcUrl, String name, String tag) {
        this.jdbcUrl = jdbcUrl;
        this.name = name;
        this.tag = tag;
    }

    public static RunSchema create(String jdbcUrl, String name, String tag) {
        RunSchema schema = new RunSchema(jdbcUrl, name, tag);
        try (Connection c = schema.connect(); Statement s = c.createStatement()) {
            s.execute("CREATE SCHEMA " + name);
            s.execute("COMMENT ON SCHEMA " + name + " IS '" + COMMENT_PREFIX + "pid=" + ProcessHandle.current().pid()
                    + " host=" + host() + " started=" + Instant.now() + "'");
        } catch (SQLException e) {
            throw new LockdrillException("Cannot prepare the check's schema on " + JdbcUrls.redact(jdbcUrl) + ": "
                    + Text.clause(e.getMessage()) + ". Is PostgreSQL running? `lockdrill doctor` shows what is used.",
                    ExitCodes.USAGE, e);
        }
        OPEN.add(schema);
        return schema;
    }

    /** A fresh run tag ("ld" and 48 random bits): it names the run's schema and its sessions. */
    public static String newTag() {
        return "ld" + Long.toHexString(ThreadLocalRandom.current().nextLong(0x1000_0000_0000L, 0xffff_ffff_ffffL));
    }

    public String name() {
        return name;
    }

    public String tag() {
        return tag;
    }

    /** Why the schema could not be dropped, or "" when it was. */
    public String problem() {
        return problem;
    }

    Connection connect() throws SQLException {
        return connect(jdbcUrl);
    }

    static Connection connect(String jdbcUrl) throws SQLException {
        Properties props = new Properties();
        props.setProperty("ApplicationName", "lockdrill-admin");
        props.setProperty("connectTimeout", "5");
        props.setProperty("socketTimeout", "30");
        return DriverManager.getConnection(jdbcUrl, props);
    }

    @Override
    public void close() {
        OPEN.remove(this);
        try (Connection c = connect()) {
            problem = drop(c, name, tag);
        } catch (SQLException e) {
            problem = "could not reach PostgreSQL to drop schema " + name + ": " + e.getMessage();
        }
    }

    /**
     * Terminates the run's sessions (tagged with its application_name, or holding locks on its
     * schema's objects), then drops the schema with a lock timeout, a few times; "" when dropped.
     */
    static String drop(Connection c, String name, String tag) throws SQLException {
        String last = "";
        for (int attempt = 1; attempt <= DROP_ATTEMPTS; attempt++) {
            try (PreparedStatement ps = c.prepareStatement("""
                    SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                     WHERE pid <> pg_backend_pid() AND (application_name LIKE ? OR pid IN (
                       SELECT l.pid FROM pg_locks l JOIN pg_class r ON r.oid = l.relation
                        JOIN pg_namespace n ON n.oid = r.relnamespace WHERE n.nspname = ?))""")) {
                ps.setString(1, tag + "-%");
                ps.setString(2, name);
                ps.execute();
            }
            try (Statement s = c.createStatement()) {
                s.execute("SET lock_timeout = '2s'");
                s.execute("DROP SCHEMA IF EXISTS " + name + " CASCADE");
                return "";
            } catch (SQLException e) {
                last = e.getMessage();
            }
        }
        return "schema " + name + " could not be dropped after " + DROP_ATTEMPTS + " tries (" + last
                + "); `lockdrill doctor --clean` removes it";
    }

    /**
     * Drops the schemas of runs whose owner is gone: registered by a process of this host that no
     * longer runs, or (with {@code unregisteredToo}) not registered at all. Returns what it dropped.
     */
    public static List<String> sweep(String jdbcUrl, boolean unregisteredToo) {
        List<String> dropped = new ArrayList<>();
        try (Connection c = connect(jdbcUrl); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT nspname, coalesce(obj_description(oid, 'pg_namespace'), '') "
                     + "FROM pg_namespace WHERE nspname ~ '^ld[0-9a-f]+_'")) {
            List<String[]> candidates = new ArrayList<>();
            while (rs.next()) {
                candidates.add(new String[]{rs.getString(1), rs.getString(2)});
            }
            for (String[] schema : candidates) {
                if (RUN_SCHEMA.matcher(schema[0]).matches() && orphaned(schema[1], unregisteredToo)
                        && drop(c, schema[0], schema[0].substring(0, schema[0].indexOf('_'))).isEmpty()) {
                    dropped.add(schema[0]);
                }
            }
        } catch (SQLException e) {
            return dropped;
        }
        return dropped;
    }

    static boolean orphaned(String comment, boolean unregisteredToo) {
        Matcher m = REGISTRATION.matcher(comment);
        if (!m.find()) {
            return unregisteredToo;
        }
        long pid = Long.parseLong(m.group(1));
        return m.group(2).equals(host()) && ProcessHandle.of(pid).map(p -> !p.isAlive()).orElse(true);
    }

    static String host() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "localhost";
        }
    }
}
