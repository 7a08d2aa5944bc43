package katas.doublesend;

import dev.lockdrill.katas.api.send.Message;
import dev.lockdrill.katas.api.send.NotificationWorker;
import dev.lockdrill.katas.api.send.ProviderException;
import dev.lockdrill.katas.api.send.PushProvider;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;

/**
 * ALTERNATIVE (row-lock-across-send): no lease at all. One notification per transaction: the row
 * is locked with FOR UPDATE SKIP LOCKED, sent while the lock is held, marked and committed. The
 * lock lives exactly as long as the worker's session: a crash rolls it back and frees the row at
 * once, a pause keeps everyone else off it. The idempotency key does the rest.
 */
public final class NotificationSender implements NotificationWorker {
    static final int BATCH = 5;
    static final long RETRY_AFTER_MILLIS = 50;
    private static final String PICK = """
            SELECT id, recipient, payload FROM notifications
            WHERE state = 'pending' AND next_attempt_at <= now()
            ORDER BY next_attempt_at, id LIMIT 1
            FOR UPDATE SKIP LOCKED""";

    private final DataSource dataSource;
    private final PushProvider provider;

    public NotificationSender(DataSource dataSource, PushProvider provider, String worker, Duration lease) {
        this.dataSource = dataSource;
        this.provider = provider;
    }

    @Override
    public int drainOnce() throws SQLException {
        int handled = 0;
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            try {
                while (handled < BATCH && handleOne(c)) {
                    handled++;
                }
            } finally {
                if (!c.isClosed()) {
                    c.setAutoCommit(true);
                }
            }
        }
        return handled;
    }

    private boolean handleOne(Connection c) throws SQLException {
        long id;
        String recipient;
        String payload;
        try (PreparedStatement ps = c.prepareStatement(PICK); ResultSet rs = ps.executeQuery()) {
            if (!rs.next()) {
                c.commit();
                return false;
            }
            id = rs.getLong(1);
            recipient = rs.getString(2);
            payload = rs.getString(3);
        }
        String key = "notification/" + id;
        try {
            provider.send(new Message(recipient, payload, key, key));
            set(c, "UPDATE notifications SET state = 'sent' WHERE id = ?", id);
        } catch (ProviderException e) {
            if (e.retryable()) {
                set(c, "UPDATE notifications SET next_attempt_at = now() + interval '" + RETRY_AFTER_MILLIS
                        + " milliseconds' WHERE id = ?", id);
            } else {
                set(c, "UPDATE notifications SET state = 'failed' WHERE id = ?", id);
            }
        }
        c.commit();
        return true;
    }

    private static void set(Connection c, String sql, long id) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setLong(1, id);
            ps.executeUpdate();
        }
    }
}
