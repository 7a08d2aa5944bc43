package katas.fencingtoken;

import dev.lockdrill.katas.api.fencing.FencedStore;
import dev.lockdrill.katas.api.fencing.FencedValue;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;

/** Correct, written differently: check-then-act inside a SERIALIZABLE transaction, retried on 40001. */
public final class PostgresFencedStore implements FencedStore {
    private final DataSource dataSource;

    public PostgresFencedStore(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    @Override
    public boolean write(String key, long token, String value) throws SQLException {
        while (true) {
            try (Connection c = dataSource.getConnection()) {
                c.setTransactionIsolation(Connection.TRANSACTION_SERIALIZABLE);
                c.setAutoCommit(false);
                try {
                    boolean accepted = attempt(c, key, token, value);
                    c.commit();
                    return accepted;
                } catch (SQLException e) {
                    c.rollback();
                    if (!"40001".equals(e.getSQLState())) {
                        throw e;
                    }
                } finally {
                    c.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
                }
            }
        }
    }

    private static boolean attempt(Connection c, String key, long token, String value) throws SQLException {
        try (PreparedStatement read = c.prepareStatement("SELECT token FROM fenced_resource WHERE key = ?")) {
            read.setString(1, key);
            try (ResultSet rs = read.executeQuery()) {
                if (rs.next() && rs.getLong(1) > token) {
                    return false;
                }
            }
        }
        try (PreparedStatement upsert = c.prepareStatement("INSERT INTO fenced_resource(key, value, token) "
                + "VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, token = EXCLUDED.token")) {
            upsert.setString(1, key);
            upsert.setString(2, value);
            upsert.setLong(3, token);
            upsert.executeUpdate();
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
