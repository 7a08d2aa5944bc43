package katas.fencingtoken;

import dev.lockdrill.katas.api.fencing.FencedStore;
import dev.lockdrill.katas.api.fencing.FencedValue;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;

/** Correct, written differently: make sure the row exists, lock it FOR UPDATE, compare in Java, update. */
public final class PostgresFencedStore implements FencedStore {
    private final DataSource dataSource;

    public PostgresFencedStore(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    @Override
    public boolean write(String key, long token, String value) throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            try (PreparedStatement insert = c.prepareStatement(
                    "INSERT INTO fenced_resource(key, value, token) VALUES (?, ?, ?) ON CONFLICT (key) DO NOTHING")) {
                insert.setString(1, key);
                insert.setString(2, value);
                insert.setLong(3, token);
                if (insert.executeUpdate() == 1) {
                    return committed(c);
                }
            }
            long stored;
            try (PreparedStatement lock = c.prepareStatement(
                    "SELECT token FROM fenced_resource WHERE key = ? FOR UPDATE")) {
                lock.setString(1, key);
                try (ResultSet rs = lock.executeQuery()) {
                    rs.next();
                    stored = rs.getLong(1);
                }
            }
            if (token < stored) {
                c.rollback();
                return false;
            }
            try (PreparedStatement update = c.prepareStatement(
                    "UPDATE fenced_resource SET value = ?, token = ? WHERE key = ?")) {
                update.setString(1, value);
                update.setLong(2, token);
                update.setString(3, key);
                update.executeUpdate();
            }
            return committed(c);
        }
    }

    /** A COMMIT that fails is reported as "not applied" (it may well have been). */
    private static boolean committed(Connection c) {
        try {
            c.commit();
            return true;
        } catch (SQLException e) {
            return false;
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
