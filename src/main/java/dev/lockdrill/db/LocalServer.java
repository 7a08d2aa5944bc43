package dev.lockdrill.db;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Map;
import java.util.Properties;

/**
 * What {@code psql} with no arguments connects to, as libpq's defaults choose it: the OS user as role
 * and as database, a password from PGPASSWORD or {@code ~/.pgpass} (pgjdbc reads the file itself, and
 * PGPASSFILE), PGSSLMODE if set — on localhost:5432.
 *
 * <p>libpq tries the local Unix socket first. pgjdbc reaches a Unix socket only through junixsocket's
 * socket factory, which is not on lockdrill's classpath (nor would the learner's child JVM have it), so
 * the socket is skipped and only TCP on localhost is tried: a server that listens on its socket alone
 * is not found this way and needs PGHOST or LOCKDRILL_JDBC_URL.
 */
public final class LocalServer {
    /** What the probe of libpq's defaults found. */
    public enum State {
        /** A server answered and let the default role in. */
        CONNECTED,
        /** A server answered but refused the default role or database (the reason says how). */
        REFUSED,
        /** Nothing answered on localhost:5432. */
        ABSENT
    }

    public record Found(State state, String detail) {
        public static Found absent(String why) {
            return new Found(State.ABSENT, why);
        }
    }

    /** Tries a URL once; the real one connects, tests may answer as they like. */
    @FunctionalInterface
    public interface Probe {
        Found probe(String jdbcUrl);

        /** Probes nothing: for a selector whose environment is given whole (tests). */
        Probe NONE = url -> Found.absent("libpq's defaults were not tried");
    }

    static final String HOST = "localhost";
    static final int PORT = 5432;
    private static final int CONNECT_TIMEOUT_SECONDS = 1;
    private static final int LOGIN_TIMEOUT_SECONDS = 2;

    private LocalServer() {
    }

    /** The URL libpq's defaults stand for, with PGPASSWORD and PGSSLMODE when they are set. */
    public static String url(Map<String, String> env, String osUser) {
        return JdbcUrls.libpqUrl(env, HOST, String.valueOf(PORT), osUser, osUser);
    }

    /** Where the defaults point, for messages: host, port, role and database. */
    public static String describe(String osUser) {
        return HOST + ":" + PORT + " as role " + osUser + ", database " + osUser;
    }

    /**
     * Connects once with a short timeout. A refused or timed-out connection means no server; any
     * other error came from a server that answered (a missing role or database, a password needed).
     * pgjdbc logs through java.util.logging only below INFO, so nothing is printed either way.
     */
    public static Found connect(String jdbcUrl) {
        Properties props = new Properties();
        props.setProperty("connectTimeout", String.valueOf(CONNECT_TIMEOUT_SECONDS));
        props.setProperty("loginTimeout", String.valueOf(LOGIN_TIMEOUT_SECONDS));
        props.setProperty("socketTimeout", String.valueOf(LOGIN_TIMEOUT_SECONDS));
        props.setProperty("ApplicationName", "lockdrill-probe");
        try (Connection ignored = DriverManager.getConnection(jdbcUrl, props)) {
            return new Found(State.CONNECTED, "");
        } catch (SQLException e) {
            String state = e.getSQLState() == null ? "" : e.getSQLState();
            if (state.startsWith("08")) {
                return Found.absent("nothing answered on " + HOST + ":" + PORT);
            }
            return new Found(State.REFUSED, JdbcUrls.redact(firstLine(e.getMessage())));
        }
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "no reason given";
        }
        int newline = message.indexOf('\n');
        return (newline < 0 ? message : message.substring(0, newline)).trim();
    }
}
