package dev.lockdrill.db;

import dev.lockdrill.support.ChildArgs;
import dev.lockdrill.support.Text;
import dev.lockdrill.support.ExitCodes;
import dev.lockdrill.support.LockdrillException;
import dev.lockdrill.support.Secrets;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A schema of the run's own: created before the check process starts, registered with the
 * process that owns it (a comment naming its PID, host and start), and dropped after it ends (even
 * when it crashed or timed out), after terminating every session the run left behind. Dropping
 * is bounded in time; a run whose owner died (kill -9, a closed terminal) is swept by the next
 * check or by {@code doctor --clean}.
 *
 * <p>When the configured role may create roles, the run also gets a role of its own (same name as
 * the schema, registered the same way): it may log in, owns the run's schema and nothing else, and
 * is neither superuser nor allowed to create roles or databases. The learner's code connects as
 * that role ({@link #ownerUrl()}); faults and cleanup keep the configured role.
 */
public final class RunSchema implements AutoCloseable {
    static final String COMMENT_PREFIX = "lockdrill run: ";
    static final Pattern REGISTRATION = Pattern.compile("lockdrill run: pid=(\\d+) host=(\\S+) started=(\\S+)");
    static final Pattern RUN_SCHEMA = Pattern.compile("^ld[0-9a-f]+_[a-z]+$");
    static final int DROP_ATTEMPTS = 3;
    /** Schemas of this process's runs still open, dropped by a shutdown hook if the process is stopped. */
    private static final Set<RunSchema> OPEN = ConcurrentHashMap.newKeySet();
    /** The warning that runs use the configured role itself is given once per process. */
    private static final AtomicBoolean WARNED = new AtomicBoolean();
    private static final SecureRandom RANDOM = new SecureRandom();
    /**
     * Every tag this process handed out: what tells this process's sessions from those of other
     * checks on the same server, whose schemas and sessions come and go on their own clock.
     */
    private static final Set<String> TAGS_HANDED_OUT = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(RunSchema::closeAll, "drop-run-schemas"));
    }

    private final String jdbcUrl;
    private final String ownerUrl;
    private final String name;
    private final String tag;
    /** The schemas of the run's further lanes ({@link ChildArgs#laneSchema}), made and dropped with the run's. */
    private final List<String> lanes;
    /** The run's own role, or null when the run uses the configured role. */
    private final String role;
    private final String warning;
    private volatile String problem = "";
    private boolean closed;

    private RunSchema(String jdbcUrl, String ownerUrl, String name, String tag, List<String> lanes, String role,
                      String warning) {
        this.jdbcUrl = jdbcUrl;
        this.ownerUrl = ownerUrl;
        this.name = name;
        this.tag = tag;
        this.lanes = List.copyOf(lanes);
        this.role = role;
        this.warning = warning;
    }

    public static RunSchema create(String jdbcUrl, String name, String tag) {
        return create(jdbcUrl, name, tag, 1);
    }

    /**
     * The run's schema and, for a check that runs its scenarios in {@code lanes} side by side,
     * one more schema per further lane ({@link ChildArgs#laneSchema}): a lane's scenarios see only their
     * own tables, as they would if they ran alone.
     */
    public static RunSchema create(String jdbcUrl, String name, String tag, int lanes) {
        List<String> laneSchemas = new ArrayList<>();
        for (int lane = 1; lane < lanes; lane++) {
            laneSchemas.add(ChildArgs.laneSchema(name, lane));
        }
        RunSchema schema;
        try (Connection c = connect(jdbcUrl)) {
            String refused = mayCreateRoles(c) ? "" : "role " + currentUser(c) + " may not create roles";
            schema = refused.isEmpty() ? withRole(c, jdbcUrl, name, tag, laneSchemas) : null;
            if (schema == null) {
                if (refused.isEmpty()) {
                    refused = "a role made for the run could not log in";
                }
                try (Statement s = c.createStatement()) {
                    for (String each : all(name, laneSchemas)) {
                        s.execute("CREATE SCHEMA " + each);
                        s.execute("COMMENT ON SCHEMA " + each + " IS '" + registration() + "'");
                    }
                }
                schema = new RunSchema(jdbcUrl, jdbcUrl, name, tag, laneSchemas, null, "Your code runs as role "
                        + currentUser(c) + " itself (" + refused + "), so it can do whatever that role can; "
                        + "`lockdrill doctor` shows how to give runs a role of their own.");
            }
        } catch (SQLException e) {
            throw new LockdrillException("Cannot prepare the check's schema on " + JdbcUrls.redact(jdbcUrl) + ": "
                    + Text.clause(Secrets.redact(AdminConnections.why(e))) + ". " + advice(e.getSQLState())
                    + " `lockdrill doctor` shows what is used.", ExitCodes.USAGE, e);
        }
        OPEN.add(schema);
        return schema;
    }

    /**
     * What to do about a failed connection or setup, by its SQLSTATE: only a connection that never
     * reached a server asks whether PostgreSQL runs; a server that answered says what it refused.
     */
    static String advice(String sqlState) {
        String state = sqlState == null ? "" : sqlState;
        if (state.startsWith("08")) {
            return "Is PostgreSQL running there?";
        }
        if (state.equals("28000")) {
            return "The server answered but refused the role: create it (CREATE ROLE ... LOGIN) or name another "
                    + "with PGUSER or user= in the URL.";
        }
        if (state.equals("28P01")) {
            return "The server answered but refused the password: set PGPASSWORD, a ~/.pgpass line or password= "
                    + "in the URL.";
        }
        if (state.equals("3D000")) {
            return "The server answered but has no such database: create it or name another with PGDATABASE or "
                    + "the URL's path.";
        }
        return "The server answered but refused what the check needs.";
    }

    /**
     * Creates the run's role and its schema in one transaction (so neither exists unregistered),
     * then logs in as the role once; null, with nothing left behind, when that login is refused
     * (an authentication method the role's password does not satisfy).
     */
    private static RunSchema withRole(Connection c, String jdbcUrl, String name, String tag, List<String> lanes)
            throws SQLException {
        String password = HexFormat.of().formatHex(bytes(16));
        boolean superuser = superuser(c);
        c.setAutoCommit(false);
        try (Statement s = c.createStatement()) {
            s.execute("CREATE ROLE " + name + " LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS "
                    + "PASSWORD '" + password + "'");
            s.execute("COMMENT ON ROLE " + name + " IS '" + registration() + "'");
            if (!superuser) {
                s.execute("GRANT " + name + " TO CURRENT_USER");
            }
            for (String each : all(name, lanes)) {
                s.execute("CREATE SCHEMA " + each + " AUTHORIZATION " + name);
                s.execute("COMMENT ON SCHEMA " + each + " IS '" + registration() + "'");
            }
            s.execute("ALTER ROLE " + name + " SET search_path = " + name);
            c.commit();
        } catch (SQLException e) {
            c.rollback();
            throw e;
        } finally {
            c.setAutoCommit(true);
        }
        String ownerUrl = JdbcUrls.asUser(jdbcUrl, name, password);
        try (Connection probe = connect(ownerUrl); Statement s = probe.createStatement()) {
            s.execute("SELECT 1");
        } catch (SQLException refused) {
            dropRole(c, name, name, lanes);
            return null;
        }
        return new RunSchema(jdbcUrl, ownerUrl, name, tag, lanes, name, "");
    }

    private static List<String> all(String name, List<String> lanes) {
        List<String> all = new ArrayList<>(List.of(name));
        all.addAll(lanes);
        return all;
    }

    private static byte[] bytes(int n) {
        byte[] out = new byte[n];
        RANDOM.nextBytes(out);
        return out;
    }

    /** A fresh run tag ("ld" and 48 random bits): it names the run's schema and its sessions. */
    public static String newTag() {
        String tag = "ld" + Long.toHexString(ThreadLocalRandom.current().nextLong(0x1000_0000_0000L, 0xffff_ffff_ffffL));
        TAGS_HANDED_OUT.add(tag);
        return tag;
    }

    /** The tags {@link #newTag} handed out in this process, so far. */
    public static Set<String> tagsHandedOut() {
        return Set.copyOf(TAGS_HANDED_OUT);
    }

    public String name() {
        return name;
    }

    public String tag() {
        return tag;
    }

    /**
     * The URL the run's code connects with: as the run's own role when it has one (its password
     * inside: never print it unredacted), else the configured URL.
     */
    public String ownerUrl() {
        return ownerUrl;
    }

    /** The run's own role, or "" when it uses the configured role. */
    public String role() {
        return role == null ? "" : role;
    }

    /**
     * The sentence saying that the run's code has the configured role's full power, the first
     * time in this process; "" otherwise.
     */
    public String warning() {
        return warning.isEmpty() || WARNED.getAndSet(true) ? "" : warning;
    }

    /** The sentence {@link #warning()} gives once; "" when the run has a role of its own. */
    String unprivilegedWarning() {
        return warning;
    }

    /** Why the schema could not be dropped, or "" when it was. */
    public String problem() {
        return problem;
    }

    Connection connect() throws SQLException {
        return connect(jdbcUrl);
    }

    static Connection connect(String jdbcUrl) throws SQLException {
        return AdminConnections.open(jdbcUrl, "lockdrill-admin");
    }

    /**
     * Drops the run's schema and role, once: a second caller (the shutdown hook while the check
     * itself is cleaning up) waits for the first instead of racing it, so the process cannot end
     * halfway through. The schema stays among the open ones until it is dropped, so the hook finds
     * it and waits.
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try (Connection c = connect()) {
            problem = drop(c, name, tag, role, lanes);
        } catch (SQLException e) {
            problem = "could not reach PostgreSQL to drop schema " + name + ": " + Secrets.redact(e.getMessage());
        } finally {
            OPEN.remove(this);
        }
    }

    /** What the shutdown hook does: drops every run schema still open, or waits while its check drops it. */
    static void closeAll() {
        OPEN.forEach(RunSchema::close);
    }

    /** Whether the connection's role may create the roles runs get: a superuser, or a role with CREATEROLE. */
    public static boolean mayCreateRoles(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(
                "SELECT rolsuper OR rolcreaterole FROM pg_roles WHERE rolname = current_user")) {
            return rs.next() && rs.getBoolean(1);
        }
    }

    public static boolean superuser(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(
                "SELECT rolsuper FROM pg_roles WHERE rolname = current_user")) {
            return rs.next() && rs.getBoolean(1);
        }
    }

    private static String currentUser(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT current_user")) {
            rs.next();
            return rs.getString(1);
        }
    }

    /**
     * Terminates the run's sessions (tagged with its application_name, logged in as its role, or
     * holding locks on its schema's objects), then drops the schema with a lock timeout, a few
     * times, and then the role; "" when dropped.
     */
    static String drop(Connection c, String name, String tag, String role) throws SQLException {
        return drop(c, name, tag, role, List.of());
    }

    /** As {@link #drop(Connection, String, String, String)}, with the schemas of the run's further lanes. */
    static String drop(Connection c, String name, String tag, String role, List<String> lanes) throws SQLException {
        String last = "";
        List<String> schemas = all(name, lanes);
        for (int attempt = 1; attempt <= DROP_ATTEMPTS; attempt++) {
            try (PreparedStatement ps = c.prepareStatement("""
                    SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                     WHERE pid <> pg_backend_pid() AND (application_name LIKE ? OR usename = ? OR pid IN (
                       SELECT l.pid FROM pg_locks l JOIN pg_class r ON r.oid = l.relation
                        JOIN pg_namespace n ON n.oid = r.relnamespace WHERE n.nspname = ANY (?)))""")) {
                // a lane's sessions carry the run's tag and the lane's letter: "ld…b-worker-1"
                ps.setString(1, tag + "%-%");
                ps.setString(2, role == null ? "" : role);
                ps.setArray(3, c.createArrayOf("text", schemas.toArray()));
                ps.execute();
            }
            try (Statement s = c.createStatement()) {
                s.execute("SET lock_timeout = '2s'");
                s.execute("DROP SCHEMA IF EXISTS " + String.join(", ", schemas) + " CASCADE");
                if (role != null) {
                    return dropRole(c, name, role, lanes);
                }
                return "";
            } catch (SQLException e) {
                last = Secrets.redact(e.getMessage());
            }
        }
        return "schema " + name + " could not be dropped after " + DROP_ATTEMPTS + " tries (" + last
                + "); `lockdrill doctor --clean` removes it";
    }

    /** Drops the run's role and whatever it still owns here (its schema, if left); "" when dropped. */
    private static String dropRole(Connection c, String name, String role, List<String> lanes) {
        try (Statement s = c.createStatement()) {
            s.execute("SET lock_timeout = '2s'");
            s.execute("DROP SCHEMA IF EXISTS " + String.join(", ", all(name, lanes)) + " CASCADE");
            s.execute("DROP OWNED BY " + role + " CASCADE");
            s.execute("DROP ROLE IF EXISTS " + role);
            return "";
        } catch (SQLException e) {
            return "role " + role + " could not be dropped (" + Secrets.redact(e.getMessage())
                    + "); `lockdrill doctor --clean` removes it";
        }
    }

    /**
     * Drops the schemas and roles of runs whose owner is gone: registered by a process of this host
     * that no longer runs, or (with {@code unregisteredToo}) not registered at all. Returns what it
     * dropped ("schema NAME", "role NAME").
     */
    public static List<String> sweep(String jdbcUrl, boolean unregisteredToo) {
        List<String> dropped = new ArrayList<>();
        try (Connection c = connect(jdbcUrl)) {
            for (String[] schema : candidates(c, "SELECT nspname, coalesce(obj_description(oid, 'pg_namespace'), '') "
                    + "FROM pg_namespace WHERE nspname ~ '^ld[0-9a-f]+_'")) {
                if (RUN_SCHEMA.matcher(schema[0]).matches() && orphaned(schema[1], unregisteredToo)
                        && drop(c, schema[0], schema[0].substring(0, schema[0].indexOf('_')), null).isEmpty()) {
                    dropped.add("schema " + schema[0]);
                }
            }
            if (mayCreateRoles(c)) {
                for (String[] role : candidates(c, "SELECT rolname, coalesce(shobj_description(oid, 'pg_authid'), '') "
                        + "FROM pg_roles WHERE rolname ~ '^ld[0-9a-f]+_'")) {
                    if (RUN_SCHEMA.matcher(role[0]).matches() && orphaned(role[1], unregisteredToo)
                            && drop(c, role[0], role[0].substring(0, role[0].indexOf('_')), role[0]).isEmpty()) {
                        dropped.add("role " + role[0]);
                    }
                }
            }
        } catch (SQLException e) {
            return dropped;
        }
        return dropped;
    }

    private static List<String[]> candidates(Connection c, String sql) throws SQLException {
        List<String[]> out = new ArrayList<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                out.add(new String[]{rs.getString(1), rs.getString(2)});
            }
        }
        return out;
    }

    static String registration() {
        return COMMENT_PREFIX + "pid=" + ProcessHandle.current().pid() + " host=" + host() + " started="
                + Instant.now();
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
