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
 * MUTANT (insert-race-lost-means-stale): a guarded UPDATE; when it changes nothing the key is taken
 * to be new and is INSERTed; a duplicate key on that INSERT is read as "another writer won", so
 * false. But the writer that won the race to the first row may hold a lower token: the current
 * holder is refused (C3). The fix: on a duplicate, run the guarded UPDATE again.
 */
public final class PostgresFencedStore implements FencedStore {
    private final DataSource dataSource;

    public PostgresFencedStore(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    @Override
    public boolean write(String key, long token, String value) throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            try (PreparedStatement update = c.prepareStatement(
                    "UPDATE fenced_resource SET value = ?, token = ? WHERE key = ? AND token <= ?")) {
                update.setString(1, value);
                update.setLong(2, token);
                update.setString(3, key);
                update.setLong(4, token);
                if (update.executeUpdate() == 1) {
                    return true;
                }
            }
            try (PreparedStatement exists = c.prepareStatement("SELECT 1 FROM fenced_resource WHERE key = ?")) {
                exists.setString(1, key);
                try (ResultSet rs = exists.executeQuery()) {
                    if (rs.next()) {
                        return false; // the row is there with a higher token
                    }
                }
            }
            try (PreparedStatement insert = c.prepareStatement(
                    "INSERT INTO fenced_resource(key, value, token) VALUES (?, ?, ?)")) {
                insert.setString(1, key);
                insert.setString(2, value);
                insert.setLong(3, token);
                insert.executeUpdate();
                return true;
            } catch (SQLException e) {
                if ("23505".equals(e.getSQLState())) {
                    return false; // someone else inserted first: we lost
                }
                throw e;
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
