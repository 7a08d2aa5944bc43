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
 * ALTERNATIVE (explicit-transaction): picks and locks due rows with SELECT ... FOR UPDATE SKIP
 * LOCKED, leases them with a second statement and commits both together, so the locks cover the
 * gap between the two round trips. Complete and extend read the row under lock and decide in Java.
 */
public final class PostgresLeaseQueue implements LeaseQueue {
    private final DataSource dataSource;
    private final Duration lease;

    public PostgresLeaseQueue(DataSource dataSource, Clock clock, Duration lease) {
        this.dataSource = dataSource;
        this.lease = lease;
    }

    @Override
    public List<Claim> claim(String worker, int max) throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            try {
                List<Long> ids = new ArrayList<>();
                try (PreparedStatement ps = c.prepareStatement("SELECT id FROM notifications WHERE state = 'pending' "
                        + "AND next_attempt_at <= now() ORDER BY id LIMIT ? FOR UPDATE SKIP LOCKED")) {
                    ps.setInt(1, max);
                    try (ResultSet rs = ps.executeQuery()) {
                        while (rs.next()) {
                            ids.add(rs.getLong(1));
                        }
                    }
                }
                List<Claim> claims = new ArrayList<>();
                try (PreparedStatement ps = c.prepareStatement("UPDATE notifications SET next_attempt_at = now() + "
                        + "make_interval(secs => ?), attempts = attempts + 1, lease_token = nextval('lease_token_seq'), "
                        + "claimed_by = ? WHERE id = ? RETURNING lease_token")) {
                    for (long id : ids) {
                        ps.setDouble(1, lease.toMillis() / 1000.0);
                        ps.setString(2, worker);
                        ps.setLong(3, id);
                        try (ResultSet rs = ps.executeQuery()) {
                            rs.next();
                            claims.add(new Claim(id, rs.getLong(1)));
                        }
                    }
                }
                c.commit();
                return claims;
            } catch (SQLException e) {
                c.rollback();
                throw e;
            }
        }
    }

    @Override
    public boolean complete(Claim claim, Completion outcome) throws SQLException {
        return updateIfHolder(claim, "UPDATE notifications SET state = '" + outcome.state() + "' WHERE id = ?");
    }

    @Override
    public boolean extend(Claim claim) throws SQLException {
        return updateIfHolder(claim, "UPDATE notifications SET next_attempt_at = now() + interval '"
                + lease.toMillis() + " milliseconds' WHERE id = ?");
    }

    private boolean updateIfHolder(Claim claim, String update) throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            try {
                boolean holder;
                try (PreparedStatement ps = c.prepareStatement(
                        "SELECT lease_token, state FROM notifications WHERE id = ? FOR UPDATE")) {
                    ps.setLong(1, claim.id());
                    try (ResultSet rs = ps.executeQuery()) {
                        holder = rs.next() && rs.getLong(1) == claim.leaseToken() && "pending".equals(rs.getString(2));
                    }
                }
                if (holder) {
                    try (PreparedStatement ps = c.prepareStatement(update)) {
                        ps.setLong(1, claim.id());
                        ps.executeUpdate();
                    }
                }
                c.commit();
                return holder;
            } catch (SQLException e) {
                c.rollback();
                throw e;
            }
        }
    }
}
