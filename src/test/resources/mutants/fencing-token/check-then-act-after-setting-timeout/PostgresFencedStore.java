package katas.fencingtoken;

import dev.lockdrill.katas.api.fencing.FencedStore;
import dev.lockdrill.katas.api.fencing.FencedValue;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;

/**
 * MUTANT (check-then-act-after-setting-timeout): first bounds its statements with a timeout, then reads the
 * highest token, compares in Java and writes in another statement (TOCTOU), so the gap between the check and the
 * act is after its second round trip, not its first.
 */
public final class PostgresFencedStore implements FencedStore {
    private static final String WRITE = """
            INSERT INTO fenced_resource(key, value, token) VALUES (?, ?, ?)
            ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, token = EXCLUDED.token
            WHERE fenced_resource.token <= EXCLUDED.token""";

    private final DataSource dataSource;

    public PostgresFencedStore(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    @Override
    public boolean write(String key, long token, String value) throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            try (Statement setting = c.createStatement()) {
                setting.execute("SET statement_timeout = '5s'");
            }
            try (PreparedStatement check = c.prepareStatement("SELECT token FROM fenced_resource WHERE key = ?")) {
                check.setString(1, key);
                try (ResultSet rs = check.executeQuery()) {
                    if (rs.next() && rs.getLong(1) > token) {
                        return false;
                    }
                }
            }
            try (PreparedStatement ps = c.prepareStatement("""
                    INSERT INTO fenced_resource(key, value, token) VALUES (?, ?, ?)
                    ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, token = EXCLUDED.token""")) {
                ps.setString(1, key);
                ps.setString(2, value);
                ps.setLong(3, token);
                ps.executeUpdate();
                return true;
            }
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
