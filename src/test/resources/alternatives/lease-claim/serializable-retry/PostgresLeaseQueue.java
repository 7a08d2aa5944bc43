package katas.leaseclaim;

import dev.lockdrill.katas.api.lease.Claim;
import dev.lockdrill.katas.api.lease.Completion;
import dev.lockdrill.katas.api.lease.LeaseQueue;

import javax.sql.DataSource;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * ALTERNATIVE (serializable-retry): no row locks, no SKIP LOCKED. Every operation is a
 * SERIALIZABLE transaction: the claim reads the due rows with a plain SELECT and leases them by
 * id in a second statement; PostgreSQL aborts whichever of two overlapping claims would break
 * serializability (SQLSTATE 40001), and the claim is retried from the start with a fresh
 * snapshot after a short random backoff.
 */
public final class PostgresLeaseQueue implements LeaseQueue {
    static final int MAX_TRIES = 400;
    private final DataSource dataSource;
    private final long leaseMillis;

    public PostgresLeaseQueue(DataSource dataSource, Clock clock, Duration lease) {
        this.dataSource = dataSource;
        this.leaseMillis = lease.toMillis();
    }

    @FunctionalInterface
    private interface Work<T> {
        T run(Connection c) throws SQLException;
    }

    @Override
    public List<Claim> claim(String worker, int max) throws SQLException {
        return serializable(c -> {
            List<Long> due = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement("SELECT id FROM notifications WHERE state = 'pending' "
                    + "AND next_attempt_at <= now() ORDER BY next_attempt_at, id LIMIT ?")) {
                ps.setInt(1, max);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        due.add(rs.getLong(1));
                    }
                }
            }
            List<Claim> claims = new ArrayList<>();
            if (due.isEmpty()) {
                return claims;
            }
            Array ids = c.createArrayOf("bigint", due.toArray());
            try (PreparedStatement ps = c.prepareStatement("UPDATE notifications SET next_attempt_at = now() + "
                    + "? * interval '1 millisecond', attempts = attempts + 1, lease_token = nextval('lease_token_seq'), "
                    + "claimed_by = ? WHERE id = ANY (?) RETURNING id, lease_token")) {
                ps.setLong(1, leaseMillis);
                ps.setString(2, worker);
                ps.setArray(3, ids);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        claims.add(new Claim(rs.getLong(1), rs.getLong(2)));
                    }
                }
            }
            return claims;
        });
    }

    @Override
    public boolean complete(Claim claim, Completion outcome) throws SQLException {
        return serializable(c -> {
            try (PreparedStatement ps = c.prepareStatement("UPDATE notifications SET state = ? "
                    + "WHERE id = ? AND lease_token = ? AND state = 'pending'")) {
                ps.setString(1, outcome.state());
                ps.setLong(2, claim.id());
                ps.setLong(3, claim.leaseToken());
                return ps.executeUpdate() == 1;
            }
        });
    }

    @Override
    public boolean extend(Claim claim) throws SQLException {
        return serializable(c -> {
            try (PreparedStatement ps = c.prepareStatement("UPDATE notifications SET next_attempt_at = now() + "
                    + "? * interval '1 millisecond' WHERE id = ? AND lease_token = ? AND state = 'pending'")) {
                ps.setLong(1, leaseMillis);
                ps.setLong(2, claim.id());
                ps.setLong(3, claim.leaseToken());
                return ps.executeUpdate() == 1;
            }
        });
    }

    private <T> T serializable(Work<T> work) throws SQLException {
        for (int attempt = 1; ; attempt++) {
            try (Connection c = dataSource.getConnection()) {
                c.setTransactionIsolation(Connection.TRANSACTION_SERIALIZABLE);
                c.setAutoCommit(false);
                try {
                    T result = work.run(c);
                    c.commit();
                    return result;
                } catch (SQLException e) {
                    c.rollback();
                    if (!"40001".equals(e.getSQLState()) && !"40P01".equals(e.getSQLState()) || attempt >= MAX_TRIES) {
                        throw e;
                    }
                } finally {
                    c.setAutoCommit(true);
                    c.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
                }
            }
            try {
                Thread.sleep(ThreadLocalRandom.current().nextInt(1, 4));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new SQLException("interrupted while retrying a serialization failure", e);
            }
        }
    }
}
