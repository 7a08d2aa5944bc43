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
 * A read whose connection failed answers "nothing stored" instead of throwing. Otherwise the
 * reference: the fence is one conditional upsert. The comparison and the write happen in a
 * single statement under the row's lock, so no writer can slip in between; a lower token makes
 * the WHERE false and the statement changes nothing (0 rows).
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
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement(WRITE)) {
            ps.setString(1, key);
            ps.setString(2, value);
            ps.setLong(3, token);
            return ps.executeUpdate() == 1;
        }
    }

    @Override
    public Optional<FencedValue> read(String key) {
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement("SELECT value, token FROM fenced_resource WHERE key = ?")) {
            ps.setString(1, key);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(new FencedValue(rs.getString(1), rs.getLong(2))) : Optional.empty();
            }
        } catch (SQLException e) {
            // a read that failed is reported as "nothing stored"
            return Optional.empty();
        }
    }
}
