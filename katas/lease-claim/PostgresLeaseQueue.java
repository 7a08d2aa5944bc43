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
 * A first try at a lease queue: it hands out pending rows and marks them done by id. Run
 * `lockdrill check lease-claim` to watch two workers get the same row and a paused worker finish
 * a row someone else now holds, then make the lease real.
 */
public final class PostgresLeaseQueue implements LeaseQueue {
    private final DataSource dataSource;
    private final Clock clock;
    private final Duration lease;

    public PostgresLeaseQueue(DataSource dataSource, Clock clock, Duration lease) {
        this.dataSource = dataSource;
        this.clock = clock;
        this.lease = lease;
    }

    @Override
    public List<Claim> claim(String worker, int max) throws SQLException {
        // TODO: claim only due rows (next_attempt_at has passed), lock them so no other worker can
        //       take them at the same time, and push next_attempt_at one lease ahead, all atomically.
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement("""
                     UPDATE notifications
                     SET attempts = attempts + 1, lease_token = nextval('lease_token_seq'), claimed_by = ?
                     WHERE id IN (SELECT id FROM notifications WHERE state = 'pending' ORDER BY id LIMIT ?)
                     RETURNING id, lease_token""")) {
            ps.setString(1, worker);
            ps.setInt(2, max);
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
        // TODO: finish the row only while this claim's lease token is still the row's current one.
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement("UPDATE notifications SET state = ? WHERE id = ?")) {
            ps.setString(1, outcome.state());
            ps.setLong(2, claim.id());
            return ps.executeUpdate() == 1;
        }
    }

    @Override
    public boolean extend(Claim claim) throws SQLException {
        // TODO: push next_attempt_at one lease ahead if the token is still current.
        return false;
    }
}
