package katas.fencingtoken;

import dev.lockdrill.katas.api.fencing.FencedStore;
import dev.lockdrill.katas.api.fencing.FencedValue;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;

/** Correct, written differently: read the token, then compare-and-set on it; retry if someone moved it. */
public final class PostgresFencedStore implements FencedStore {
    private final DataSource dataSource;

    public PostgresFencedStore(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    @Override
    public boolean write(String key, long token, String value) throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            while (true) {
                Long stored = null;
                try (PreparedStatement read = c.prepareStatement("SELECT token FROM fenced_resource WHERE key = ?")) {
                    read.setString(1, key);
                    try (ResultSet rs = read.executeQuery()) {
                        if (rs.next()) {
                            stored = rs.getLong(1);
                        }
                    }
                }
                if (stored == null) {
                    try (PreparedStatement insert = c.prepareStatement("INSERT INTO fenced_resource(key, value, "
                            + "token) VALUES (?, ?, ?) ON CONFLICT (key) DO NOTHING")) {
                        insert.setString(1, key);
                        insert.setString(2, value);
                        insert.setLong(3, token);
                        if (insert.executeUpdate() == 1) {
                            return true;
                        }
                    }
                    continue;
                }
                if (token < stored) {
                    return false;
                }
                try (PreparedStatement cas = c.prepareStatement(
                        "UPDATE fenced_resource SET value = ?, token = ? WHERE key = ? AND token = ?")) {
                    cas.setString(1, value);
                    cas.setLong(2, token);
                    cas.setString(3, key);
                    cas.setLong(4, stored);
                    if (cas.executeUpdate() == 1) {
                        return true;
                    }
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
