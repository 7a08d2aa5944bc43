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
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * ALTERNATIVE (newest-first): the reference, but a batch is leased newest first and sent in that
 * order (a stack, as some teams drain a backlog so fresh notifications are not stuck behind old
 * ones). Identical notifications leased in one batch are then sent later-id first, which the
 * harness must not mistake for one notification sent twice and another never sent. As in the
 * reference, a batch is leased in one statement (FOR UPDATE SKIP LOCKED, database clock, fresh token). Before
 * each send the lease is renewed under its token, so a worker that lost it sends nothing more.
 * The key and the collapse id are a pure function of the notification, identical on every retry
 * by any worker. Every write after the claim is fenced by the lease token. 409 and timeouts are
 * retried soon; only a permanent rejection ends failed.
 */
public final class NotificationSender implements NotificationWorker {
    static final int BATCH = 10;
    static final long RETRY_AFTER_MILLIS = 50;
    private static final String CLAIM = """
            WITH due AS (
                SELECT id FROM notifications
                WHERE state = 'pending' AND next_attempt_at <= now()
                ORDER BY id DESC
                LIMIT ?
                FOR UPDATE SKIP LOCKED)
            UPDATE notifications n
            SET next_attempt_at = now() + ? * interval '1 millisecond', attempts = n.attempts + 1,
                lease_token = nextval('lease_token_seq'), claimed_by = ?
            FROM due WHERE n.id = due.id
            RETURNING n.id, n.lease_token, n.recipient, n.payload""";
    private static final String RESCHEDULE = """
            UPDATE notifications SET next_attempt_at = now() + ? * interval '1 millisecond'
            WHERE id = ? AND lease_token = ? AND state = 'pending'""";
    private static final String FINISH = """
            UPDATE notifications SET state = ?
            WHERE id = ? AND lease_token = ? AND state = 'pending'""";

    private final DataSource dataSource;
    private final PushProvider provider;
    private final String worker;
    private final long leaseMillis;

    public NotificationSender(DataSource dataSource, PushProvider provider, String worker, Duration lease) {
        this.dataSource = dataSource;
        this.provider = provider;
        this.worker = worker;
        this.leaseMillis = lease.toMillis();
    }

    @Override
    public int drainOnce() throws SQLException {
        List<Leased> batch = new ArrayList<>(claim());
        batch.sort(Comparator.comparingLong(Leased::id).reversed());
        for (Leased item : batch) {
            if (!update(RESCHEDULE, item, leaseMillis)) {
                continue;
            }
            String key = "notification-" + item.id();
            try {
                provider.send(new Message(item.recipient(), item.payload(), key, key));
                finish(item, "sent");
            } catch (ProviderException e) {
                if (e.retryable()) {
                    update(RESCHEDULE, item, RETRY_AFTER_MILLIS);
                } else {
                    finish(item, "failed");
                }
            }
        }
        return batch.size();
    }

    private List<Leased> claim() throws SQLException {
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement(CLAIM)) {
            ps.setInt(1, BATCH);
            ps.setLong(2, leaseMillis);
            ps.setString(3, worker);
            List<Leased> batch = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    batch.add(new Leased(rs.getLong(1), rs.getLong(2), rs.getString(3), rs.getString(4)));
                }
            }
            return batch;
        }
    }

    private boolean update(String sql, Leased item, long millis) throws SQLException {
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setLong(1, millis);
            ps.setLong(2, item.id());
            ps.setLong(3, item.token());
            return ps.executeUpdate() == 1;
        }
    }

    private void finish(Leased item, String state) throws SQLException {
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement(FINISH)) {
            ps.setString(1, state);
            ps.setLong(2, item.id());
            ps.setLong(3, item.token());
            ps.executeUpdate();
        }
    }

    private record Leased(long id, long token, String recipient, String payload) {
    }
}
