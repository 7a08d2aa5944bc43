package katas.fencingtoken;

import dev.lockdrill.katas.api.fencing.FencedStore;
import dev.lockdrill.katas.api.fencing.FencedValue;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;

/** Correct, written differently: serialize writers of a key with a transaction-scoped advisory lock. */
public final class PostgresFencedStore implements FencedStore {
    private final DataSource dataSource;

    public PostgresFencedStore(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    @Override
    public boolean write(String key, long token, String value) throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            try (PreparedStatement lock = c.prepareStatement("SELECT pg_advisory_xact_lock(hashtext(?))")) {
                lock.setString(1, key);
                lock.execute();
            }
            try (PreparedStatement read = c.prepareStatement("SELECT token FROM fenced_resource WHERE key = ?")) {
                read.setString(1, key);
                try (ResultSet rs = read.executeQuery()) {
                    if (rs.next() && rs.getLong(1) > token) {
                        c.rollback();
                        return false;
                    }
                }
            }
            try (PreparedStatement upsert = c.prepareStatement("INSERT INTO fenced_resource(key, value, token) "
                    + "VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, "
                    + "token = EXCLUDED.token")) {
                upsert.setString(1, key);
                upsert.setString(2, value);
                upsert.setLong(3, token);
                upsert.executeUpdate();
            }
            c.commit();
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
