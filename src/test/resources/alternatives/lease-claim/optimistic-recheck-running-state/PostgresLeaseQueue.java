package katas.leaseclaim;

import dev.lockdrill.katas.api.lease.Claim;
import dev.lockdrill.katas.api.lease.Completion;
import dev.lockdrill.katas.api.lease.LeaseQueue;

import javax.sql.DataSource;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * ALTERNATIVE (optimistic-recheck-running-state): no row locks while picking. Candidates come from
 * a plain SELECT; each is then leased by an UPDATE that re-checks, under the row lock, that the row
 * is still due (clock_timestamp(), the database clock). Leased rows are marked 'running', tokens
 * are random 64-bit numbers instead of a sequence.
 */
public final class PostgresLeaseQueue implements LeaseQueue {
    private static final String DUE = "state IN ('pending', 'running') AND next_attempt_at <= clock_timestamp()";
    private final DataSource dataSource;
    private final long leaseMicros;
    private final SecureRandom random = new SecureRandom();

    public PostgresLeaseQueue(DataSource dataSource, Clock clock, Duration lease) {
        this.dataSource = dataSource;
        this.leaseMicros = lease.toNanos() / 1000;
    }

    @Override
    public List<Claim> claim(String worker, int max) throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            List<Long> candidates = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement("SELECT id FROM notifications WHERE " + DUE
                    + " ORDER BY next_attempt_at LIMIT ?")) {
                ps.setInt(1, max);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        candidates.add(rs.getLong(1));
                    }
                }
            }
            List<Claim> claims = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement("UPDATE notifications SET state = 'running', "
                    + "next_attempt_at = clock_timestamp() + ? * interval '1 microsecond', attempts = attempts + 1, "
                    + "lease_token = ?, claimed_by = ? WHERE id = ? AND " + DUE)) {
                for (long id : candidates) {
                    long token = random.nextLong();
                    ps.setLong(1, leaseMicros);
                    ps.setLong(2, token);
                    ps.setString(3, worker);
                    ps.setLong(4, id);
                    if (ps.executeUpdate() == 1) {
                        claims.add(new Claim(id, token));
                    }
                }
            }
            return claims;
        }
    }

    @Override
    public boolean complete(Claim claim, Completion outcome) throws SQLException {
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement(
                "UPDATE notifications SET state = ?, lease_token = NULL WHERE id = ? AND lease_token = ? "
                        + "AND state = 'running'")) {
            ps.setString(1, outcome.state());
            ps.setLong(2, claim.id());
            ps.setLong(3, claim.leaseToken());
            return ps.executeUpdate() == 1;
        }
    }

    @Override
    public boolean extend(Claim claim) throws SQLException {
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement(
                "UPDATE notifications SET next_attempt_at = clock_timestamp() + ? * interval '1 microsecond' "
                        + "WHERE id = ? AND lease_token = ? AND state = 'running'")) {
            ps.setLong(1, leaseMicros);
            ps.setLong(2, claim.id());
            ps.setLong(3, claim.leaseToken());
            return ps.executeUpdate() == 1;
        }
    }
}
