package katas.fencingtoken;

import dev.lockdrill.katas.api.fencing.FencedStore;
import dev.lockdrill.katas.api.fencing.FencedValue;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;

/** FIXTURE (deadlock): two threads take two locks in opposite order. */
public final class PostgresFencedStore implements FencedStore {
    private static final String WRITE = """
            INSERT INTO fenced_resource(key, value, token) VALUES (?, ?, ?)
            ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, token = EXCLUDED.token
            WHERE fenced_resource.token <= EXCLUDED.token""";

    private final DataSource dataSource;
    private static final Object FIRST = new Object();
    private static final Object SECOND = new Object();

    private static void sleep() {
        try {
            Thread.sleep(100);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    public PostgresFencedStore(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    @Override
    public boolean write(String key, long token, String value) throws SQLException {
        Thread other = new Thread(() -> {
            synchronized (SECOND) {
                sleep();
                synchronized (FIRST) {
                    FIRST.notifyAll();
                }
            }
        });
        other.start();
        synchronized (FIRST) {
            sleep();
            synchronized (SECOND) {
                SECOND.notifyAll();
            }
        }
        try {
            other.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return true;
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
