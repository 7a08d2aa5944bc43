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
 * Mutant: complete() and extend() report any error as "refused" (false), as if the token was stale.
 * A completion whose reply was lost after the row was finished answers false, though the table changed.
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
            return false; // could not complete: treat as lost lease
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
