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
 * Mutant: claims are serialized by a session advisory lock taken as a mutex on the connection,
 * around a pick of due rows and an update that leases them by id (not re-checking they are still
 * due: the mutex is meant to make that needless). With a session of its own per connection this
 * is correct: a second claimer waits on the lock. Through PgBouncer in transaction mode each
 * statement is a transaction on whatever server session is free, so the lock sits on a session
 * that the other worker's claim then runs on, where it is granted again: both pick the same rows.
 */
public final class PostgresLeaseQueue implements LeaseQueue {
    private static final long MUTEX = 7_214_001L;
    private static final String PICK = """
            SELECT id FROM notifications
            WHERE state = 'pending' AND next_attempt_at <= now()
            ORDER BY next_attempt_at, id LIMIT ?""";
    private static final String LEASE = """
            UPDATE notifications
            SET next_attempt_at = now() + ? * interval '1 millisecond', attempts = attempts + 1,
                lease_token = nextval('lease_token_seq'), claimed_by = ?
            WHERE id = ?
            RETURNING id, lease_token""";
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
        try (Connection c = dataSource.getConnection()) {
            exec(c, "SELECT pg_advisory_lock(" + MUTEX + ")");
            try {
                List<Long> ids = new ArrayList<>();
                try (PreparedStatement ps = c.prepareStatement(PICK)) {
                    ps.setInt(1, max);
                    try (ResultSet rs = ps.executeQuery()) {
                        while (rs.next()) {
                            ids.add(rs.getLong(1));
                        }
                    }
                }
                List<Claim> claims = new ArrayList<>();
                for (long id : ids) {
                    try (PreparedStatement ps = c.prepareStatement(LEASE)) {
                        ps.setLong(1, leaseMillis);
                        ps.setString(2, worker);
                        ps.setLong(3, id);
                        try (ResultSet rs = ps.executeQuery()) {
                            if (rs.next()) {
                                claims.add(new Claim(rs.getLong(1), rs.getLong(2)));
                            }
                        }
                    }
                }
                return claims;
            } finally {
                exec(c, "SELECT pg_advisory_unlock(" + MUTEX + ")");
            }
        }
    }

    @Override
    public boolean complete(Claim claim, Completion outcome) throws SQLException {
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement(COMPLETE)) {
            ps.setString(1, outcome.state());
            ps.setLong(2, claim.id());
            ps.setLong(3, claim.leaseToken());
            return ps.executeUpdate() == 1;
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

    private static void exec(Connection c, String sql) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql); ResultSet ignored = ps.executeQuery()) {
            // the lock functions return void
        }
    }
}
