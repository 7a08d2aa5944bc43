package katas.leaseclaim;

import dev.lockdrill.katas.api.lease.Claim;
import dev.lockdrill.katas.api.lease.Completion;
import dev.lockdrill.katas.api.lease.LeaseQueue;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Alternative: complete() finds out what happened when its round trip fails. The statement may have
 * run and committed before the connection broke, so on an error it reads the row back on a fresh
 * connection: finished with this outcome under this token means its own update landed (true);
 * anything else, and the error stands (thrown), since the update may still be unknown. Otherwise as
 * the reference.
 */
public final class PostgresLeaseQueue implements LeaseQueue {
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
            RETURNING n.id, n.lease_token""";
    private static final String COMPLETE = """
            UPDATE notifications SET state = ?
            WHERE id = ? AND lease_token = ? AND state = 'pending'""";
    private static final String EXTEND = """
            UPDATE notifications SET next_attempt_at = now() + ? * interval '1 millisecond'
            WHERE id = ? AND lease_token = ? AND state = 'pending'""";

    private final DataSource dataSource;
    private final long leaseMillis;

    public PostgresLeaseQueue(DataSource dataSource, Clock clock, Duration lease) {
        this.dataSource = dataSource;
        this.leaseMillis = lease.toMillis();
    }

    @Override
    public List<Claim> claim(String worker, int max) throws SQLException {
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement(CLAIM)) {
            ps.setInt(1, max);
            ps.setLong(2, leaseMillis);
            ps.setString(3, worker);
            List<Claim> claims = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    claims.add(new Claim(rs.getLong(1), rs.getLong(2)));
                }
            }
            return claims;
        }
    }

    @Override
    public boolean complete(Claim claim, Completion outcome) throws SQLException {
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement(COMPLETE)) {
            ps.setString(1, outcome.state());
            ps.setLong(2, claim.id());
            ps.setLong(3, claim.leaseToken());
            return ps.executeUpdate() == 1;
        } catch (SQLException e) {
            if (finishedUnder(claim, outcome)) {
                return true;
            }
            throw e;
        }
    }

    /** Whether the row is finished with this outcome under this token (read on a fresh connection). */
    private boolean finishedUnder(Claim claim, Completion outcome) {
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement(
                "SELECT 1 FROM notifications WHERE id = ? AND lease_token = ? AND state = ?")) {
            ps.setLong(1, claim.id());
            ps.setLong(2, claim.leaseToken());
            ps.setString(3, outcome.state());
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        } catch (SQLException unreachable) {
            return false;
        }
    }

    @Override
    public boolean extend(Claim claim) throws SQLException {
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement(EXTEND)) {
            ps.setLong(1, leaseMillis);
            ps.setLong(2, claim.id());
            ps.setLong(3, claim.leaseToken());
            return ps.executeUpdate() == 1;
        }
    }
}
