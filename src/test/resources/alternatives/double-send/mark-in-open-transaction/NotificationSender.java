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
import java.util.List;

/**
 * ALTERNATIVE (mark-in-open-transaction): a batch is leased as in the reference. Each
 * notification is then marked sent, fenced by its token, inside a transaction that stays open
 * while the provider is called, and committed only once the provider confirmed: the mark becomes
 * visible after the delivery, and a crash or a failed send rolls it back. The open transaction's
 * row lock also keeps other workers (SKIP LOCKED) off the row while it is in flight.
 */
public final class NotificationSender implements NotificationWorker {
    static final int BATCH = 5;
    static final long RETRY_AFTER_MILLIS = 50;
    private static final String CLAIM = """
            WITH due AS (
                SELECT id FROM notifications
                WHERE state = 'pending' AND next_attempt_at <= now()
                ORDER BY next_attempt_at, id
                LIMIT ?
                FOR UPDATE SKIP LOCKED)
            UPDATE notifications n
            SET next_attempt_at = now() + ? * interval '1 millisecond', attempts = n.attempts + 1,
                lease_token = nextval('lease_token_seq'), claimed_by = ?
            FROM due WHERE n.id = due.id
            RETURNING n.id, n.lease_token, n.recipient, n.payload""";
    private static final String MARK = """
            UPDATE notifications SET state = ?
            WHERE id = ? AND lease_token = ? AND state = 'pending' AND next_attempt_at > clock_timestamp()""";
    private static final String RETRY_LATER = """
            UPDATE notifications SET next_attempt_at = now() + ? * interval '1 millisecond'
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
        List<String[]> batch = new ArrayList<>();
        List<long[]> leases = new ArrayList<>();
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement(CLAIM)) {
            ps.setInt(1, BATCH);
            ps.setLong(2, leaseMillis);
            ps.setString(3, worker);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    leases.add(new long[]{rs.getLong(1), rs.getLong(2)});
                    batch.add(new String[]{rs.getString(3), rs.getString(4)});
                }
            }
        }
        for (int i = 0; i < leases.size(); i++) {
            sendOne(leases.get(i)[0], leases.get(i)[1], batch.get(i)[0], batch.get(i)[1]);
        }
        return leases.size();
    }

    private void sendOne(long id, long token, String recipient, String payload) throws SQLException {
        String key = "n:" + id;
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            try {
                if (!update(c, MARK, "sent", id, token)) {
                    c.rollback();
                    return;
                }
                try {
                    provider.send(new Message(recipient, payload, key, key));
                    c.commit();
                } catch (ProviderException e) {
                    c.rollback();
                    if (e.retryable()) {
                        retryLater(c, id, token);
                    } else {
                        update(c, MARK.replace(" AND next_attempt_at > clock_timestamp()", ""), "failed", id, token);
                        c.commit();
                    }
                }
            } finally {
                if (!c.isClosed()) {
                    c.setAutoCommit(true);
                }
            }
        }
    }

    private void retryLater(Connection c, long id, long token) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(RETRY_LATER)) {
            ps.setLong(1, RETRY_AFTER_MILLIS);
            ps.setLong(2, id);
            ps.setLong(3, token);
            ps.executeUpdate();
        }
        c.commit();
    }

    private static boolean update(Connection c, String sql, String state, long id, long token) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, state);
            ps.setLong(2, id);
            ps.setLong(3, token);
            return ps.executeUpdate() == 1;
        }
    }
}
