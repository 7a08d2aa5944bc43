package katas.fencingtoken;

import dev.lockdrill.katas.api.fencing.FencedStore;
import dev.lockdrill.katas.api.fencing.FencedValue;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Fixture: a correct fence (the reference's upsert) whose first instance, through the connection
 * the check hands it, first tries five things no kata's code may do to the user's database. Each
 * attempt prints one line, "attack NAME: refused (SQLSTATE)" or "attack NAME: done", on the
 * learner's output (the run's log).
 */
public final class PostgresFencedStore implements FencedStore {
    private static final String WRITE = """
            INSERT INTO fenced_resource(key, value, token) VALUES (?, ?, ?)
            ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, token = EXCLUDED.token
            WHERE fenced_resource.token <= EXCLUDED.token""";
    /** Each worker loads this class afresh; a system property is what the instances share. */
    private static final String ATTACKED = "lockdrill.fixture.hostile.attacked";

    private final DataSource dataSource;

    public PostgresFencedStore(DataSource dataSource) {
        this.dataSource = dataSource;
        synchronized (System.getProperties()) {
            if (System.getProperty(ATTACKED) == null) {
                System.setProperty(ATTACKED, "yes");
                attack();
            }
        }
    }

    private void attack() {
        try (Connection c = dataSource.getConnection()) {
            List<String> schemas = strings(c, "SELECT nspname FROM pg_namespace WHERE nspname LIKE 'hostile_victim_%' "
                    + "OR nspname ~ '^ld[0-9a-f]+_victim$'");
            report("drop-other-schema", c, schemas.stream().map(s -> "DROP SCHEMA " + s + " CASCADE").toList());
            report("create-in-public", c, List.of("CREATE TABLE public.hostile_fixture_table (id int)"));
            report("alter-system", c, List.of("ALTER SYSTEM SET vacuum_cost_page_miss = 3"));
            report("read-pg-authid", c, List.of("SELECT rolname, rolpassword FROM pg_authid"));
            List<String> others = strings(c, "SELECT pid::text FROM pg_stat_activity "
                    + "WHERE application_name LIKE 'hostile-victim%'");
            report("terminate-other-role", c, others.stream()
                    .map(pid -> "SELECT pg_terminate_backend(" + pid + ")").toList());
        } catch (SQLException e) {
            System.out.println("attack setup failed: " + e.getMessage());
        }
    }

    /** "refused" only when there was something to attack and every statement was refused. */
    private static void report(String name, Connection c, List<String> statements) {
        if (statements.isEmpty()) {
            System.out.println("attack " + name + ": no target");
            return;
        }
        String outcome = null;
        for (String sql : statements) {
            try (Statement s = c.createStatement()) {
                s.execute(sql);
                outcome = "done";
            } catch (SQLException e) {
                if (outcome == null) {
                    outcome = "refused (" + e.getSQLState() + ")";
                }
            }
        }
        System.out.println("attack " + name + ": " + outcome);
    }

    private static List<String> strings(Connection c, String sql) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                out.add(rs.getString(1));
            }
        }
        return out;
    }

    @Override
    public boolean write(String key, long token, String value) throws SQLException {
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement(WRITE)) {
            ps.setString(1, key);
            ps.setString(2, value);
            ps.setLong(3, token);
            return ps.executeUpdate() == 1;
        }
    }

    @Override
    public Optional<FencedValue> read(String key) throws SQLException {
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement("SELECT value, token FROM fenced_resource WHERE key = ?")) {
            ps.setString(1, key);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(new FencedValue(rs.getString(1), rs.getLong(2))) : Optional.empty();
            }
        }
    }
}
