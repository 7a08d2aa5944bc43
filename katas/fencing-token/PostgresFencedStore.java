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
 * A store for a resource guarded by a lock. Today it trusts the lock: whoever calls write()
 * overwrites the value. Run `lockdrill check fencing-token` to watch a paused lock holder
 * overwrite newer data, then make the storage itself reject stale tokens.
 */
public final class PostgresFencedStore implements FencedStore {
    private final DataSource dataSource;

    public PostgresFencedStore(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    @Override
    public boolean write(String key, long token, String value) throws SQLException {
        // TODO: accept the write only if token >= the highest token already stored for this key,
        //       atomically, and return whether it was accepted.
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement("""
                     INSERT INTO fenced_resource(key, value, token) VALUES (?, ?, ?)
                     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, token = EXCLUDED.token""")) {
            ps.setString(1, key);
            ps.setString(2, value);
            ps.setLong(3, token);
            ps.executeUpdate();
            return true;
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
