package katas.fencingtoken;

import dev.lockdrill.katas.api.fencing.FencedStore;
import dev.lockdrill.katas.api.fencing.FencedValue;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;

/**
 * A fixture (SandboxedCheckTest): the reference, and once per check process a probe of what the
 * learner's code can reach — its environment, the database role it was given, its user, the
 * system's secrets, the workbook's state — and a double fork that tries to outlive the check.
 * {@code @STATE@} and {@code @SLEEP@} are filled in by the test.
 *
 * <p>Reference: the fence is one conditional upsert. The comparison and the write happen in a
 * single statement under the row's lock, so no writer can slip in between; a lower token makes
 * the WHERE false and the statement changes nothing (0 rows).
 */
public final class PostgresFencedStore implements FencedStore {
    private static final String WRITE = """
            INSERT INTO fenced_resource(key, value, token) VALUES (?, ?, ?)
            ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, token = EXCLUDED.token
            WHERE fenced_resource.token <= EXCLUDED.token""";

    private static boolean probed;
    private final DataSource dataSource;

    public PostgresFencedStore(DataSource dataSource) {
        this.dataSource = dataSource;
        probeOnce();
    }

    /** Once per check process: what the learner's code can reach, printed to the run's log. */
    private static synchronized void probeOnce() {
        if (probed) {
            return;
        }
        probed = true;
        System.out.println("probe env " + String.join(",", new java.util.TreeSet<>(System.getenv().keySet())));
        String url = System.getenv().getOrDefault("LOCKDRILL_CHILD_JDBC_URL", "");
        java.util.regex.Matcher user = java.util.regex.Pattern.compile("[?&]user=([^&]*)").matcher(url);
        System.out.println("probe url-user " + (user.find() ? user.group(1) : "none"));
        System.out.println("probe uid " + uid());
        System.out.println("probe shadow " + readable(java.nio.file.Path.of("/etc/shadow")));
        System.out.println("probe state " + readable(java.nio.file.Path.of("@STATE@")));
        try {
            new ProcessBuilder("sh", "-c", "(setsid sleep @SLEEP@ >/dev/null 2>&1 &)").start().waitFor();
            System.out.println("probe forked");
        } catch (Exception e) {
            System.out.println("probe fork failed " + e);
        }
    }

    private static String uid() {
        try {
            for (String line : java.nio.file.Files.readAllLines(java.nio.file.Path.of("/proc/self/status"))) {
                if (line.startsWith("Uid:")) {
                    return line.substring(4).strip().split("\\s+")[0];
                }
            }
        } catch (java.io.IOException e) {
            return "unknown";
        }
        return "unknown";
    }

    private static String readable(java.nio.file.Path path) {
        try {
            java.nio.file.Files.readAllBytes(path);
            return "read";
        } catch (java.io.IOException e) {
            return "refused";
        }
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
