package katas.doublesend;

import dev.lockdrill.katas.api.send.Message;
import dev.lockdrill.katas.api.send.NotificationWorker;
import dev.lockdrill.katas.api.send.ProviderException;
import dev.lockdrill.katas.api.send.PushProvider;

import javax.sql.DataSource;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * ALTERNATIVE (hashed-key-running-state): leased rows are 'running' with random 64-bit tokens,
 * picked optimistically and leased by an UPDATE that re-checks they are still due. The key is a
 * SHA-256 of the notification id. A retryable error hands the row back ('pending', due in 100 ms)
 * under the token instead of keeping the lease.
 */
public final class NotificationSender implements NotificationWorker {
    private static final String DUE = "state IN ('pending', 'running') AND next_attempt_at <= now()";
    private final DataSource dataSource;
    private final PushProvider provider;
    private final String worker;
    private final long leaseMillis;
    private final SecureRandom random = new SecureRandom();

    public NotificationSender(DataSource dataSource, PushProvider provider, String worker, Duration lease) {
        this.dataSource = dataSource;
        this.provider = provider;
        this.worker = worker;
        this.leaseMillis = lease.toMillis();
    }

    @Override
    public int drainOnce() throws SQLException {
        List<long[]> leased = new ArrayList<>();
        List<String[]> messages = new ArrayList<>();
        try (Connection c = dataSource.getConnection()) {
            List<Long> candidates = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement("SELECT id FROM notifications WHERE " + DUE
                    + " ORDER BY id LIMIT 5"); ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    candidates.add(rs.getLong(1));
                }
            }
            try (PreparedStatement ps = c.prepareStatement("UPDATE notifications SET state = 'running', "
                    + "next_attempt_at = now() + ? * interval '1 millisecond', attempts = attempts + 1, "
                    + "lease_token = ?, claimed_by = ? WHERE id = ? AND " + DUE + " RETURNING recipient, payload")) {
                for (long id : candidates) {
                    long token = random.nextLong();
                    ps.setLong(1, leaseMillis);
                    ps.setLong(2, token);
                    ps.setString(3, worker);
                    ps.setLong(4, id);
                    try (ResultSet rs = ps.executeQuery()) {
                        if (rs.next()) {
                            leased.add(new long[]{id, token});
                            messages.add(new String[]{rs.getString(1), rs.getString(2)});
                        }
                    }
                }
            }
        }
        for (int i = 0; i < leased.size(); i++) {
            long id = leased.get(i)[0];
            long token = leased.get(i)[1];
            if (!update("next_attempt_at = now() + " + leaseMillis + " * interval '1 millisecond'", id, token)) {
                continue;
            }
            String key = sha256("notification:" + id);
            try {
                provider.send(new Message(messages.get(i)[0], messages.get(i)[1], key, key.substring(0, 32)));
                update("state = 'sent'", id, token);
            } catch (ProviderException e) {
                update(e.retryable() ? "state = 'pending', next_attempt_at = now() + interval '100 milliseconds'"
                        : "state = 'failed'", id, token);
            }
        }
        return leased.size();
    }

    private boolean update(String set, long id, long token) throws SQLException {
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement(
                "UPDATE notifications SET " + set + " WHERE id = ? AND lease_token = ? AND state = 'running'")) {
            ps.setLong(1, id);
            ps.setLong(2, token);
            return ps.executeUpdate() == 1;
        }
    }

    private static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
