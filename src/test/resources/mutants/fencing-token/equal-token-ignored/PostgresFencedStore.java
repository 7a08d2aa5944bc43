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
 * Mutant: writes only a strictly higher token, and answers true for an equal one as if it were
 * a harmless duplicate: the holder's second write with its token is reported stored and is lost.
 */
public final class PostgresFencedStore implements FencedStore {
    private static final String WRITE = """
            INSERT INTO fenced_resource(key, value, token) VALUES (?, ?, ?)
            ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, token = EXCLUDED.token
            WHERE fenced_resource.token < EXCLUDED.token""";
    private static final String HELD = "SELECT 1 FROM fenced_resource WHERE key = ? AND token = ?";

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
            if (ps.executeUpdate() == 1) {
                return true;
            }
            try (PreparedStatement held = c.prepareStatement(HELD)) {
                held.setString(1, key);
                held.setLong(2, token);
                try (ResultSet rs = held.executeQuery()) {
                    return rs.next();
                }
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
