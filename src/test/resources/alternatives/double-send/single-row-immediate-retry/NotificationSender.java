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
 * ALTERNATIVE (single-row-immediate-retry): leases one row per pass in an explicit transaction
 * (SELECT ... FOR UPDATE SKIP LOCKED, then UPDATE), retries a timeout right away with the same
 * key, and on a 409 simply lets its lease run out. Keys look different from the reference's
 * ("notif:ID") but are just as much a pure function of the notification.
 */
public final class NotificationSender implements NotificationWorker {
    static final int IMMEDIATE_RETRIES = 2;
    private final DataSource dataSource;
    private final PushProvider provider;
    private final String worker;
    private final Duration lease;

    public NotificationSender(DataSource dataSource, PushProvider provider, String worker, Duration lease) {
        this.dataSource = dataSource;
        this.provider = provider;
        this.worker = worker;
        this.lease = lease;
    }

    @Override
    public int drainOnce() throws SQLException {
        long id;
        long token;
        String recipient;
        String payload;
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            try (PreparedStatement pick = c.prepareStatement("SELECT id, recipient, payload FROM notifications "
                    + "WHERE state = 'pending' AND next_attempt_at <= now() ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED");
                 ResultSet rs = pick.executeQuery()) {
                if (!rs.next()) {
                    c.rollback();
                    return 0;
                }
                id = rs.getLong(1);
                recipient = rs.getString(2);
                payload = rs.getString(3);
            }
            try (PreparedStatement lease = c.prepareStatement("UPDATE notifications SET next_attempt_at = now() + "
                    + "?::interval, attempts = attempts + 1, lease_token = nextval('lease_token_seq'), claimed_by = ? "
                    + "WHERE id = ? RETURNING lease_token")) {
                lease.setString(1, this.lease.toMillis() + " milliseconds");
                lease.setString(2, worker);
                lease.setLong(3, id);
                try (ResultSet rs = lease.executeQuery()) {
                    rs.next();
                    token = rs.getLong(1);
                }
            }
            c.commit();
        }
        Message message = new Message(recipient, payload, "notif:" + id, "notif:" + id);
        for (int attempt = 0; ; attempt++) {
            try {
                provider.send(message);
                mark(id, token, "sent");
                return 1;
            } catch (ProviderException e) {
                if (e.kind() == ProviderException.Kind.REJECTED) {
                    mark(id, token, "failed");
                    return 1;
                }
                if (e.kind() == ProviderException.Kind.CONFLICT || attempt >= IMMEDIATE_RETRIES) {
                    return 1;
                }
            }
        }
    }

    private void mark(long id, long token, String state) throws SQLException {
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement(
                "UPDATE notifications SET state = ? WHERE id = ? AND lease_token = ? AND state = 'pending'")) {
            ps.setString(1, state);
            ps.setLong(2, id);
            ps.setLong(3, token);
            ps.executeUpdate();
        }
    }
}
