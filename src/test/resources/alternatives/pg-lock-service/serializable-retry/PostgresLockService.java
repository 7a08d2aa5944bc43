package katas.pglockservice;

import dev.lockdrill.katas.api.lockservice.Lease;
import dev.lockdrill.katas.api.lockservice.LockService;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Alternative: read, decide and write in plain statements inside a SERIALIZABLE transaction, and
 * let PostgreSQL's serializable snapshot isolation abort any interleaving that could not have
 * happened one transaction at a time; retry those (SQLSTATE 40001, or 23505 when two first
 * inserts of a name collide). Release deletes the row.
 */
public final class PostgresLockService implements LockService {
    private static final long GIVE_UP_NANOS = 5_000_000_000L;

    private final DataSource dataSource;
    private final String holder;

    public PostgresLockService(DataSource dataSource, String holder, Clock clock) {
        this.dataSource = dataSource;
        this.holder = holder;
    }

    @Override
    public Optional<Lease> tryAcquire(String name, Duration ttl) throws SQLException {
        long deadline = System.nanoTime() + GIVE_UP_NANOS;
        while (true) {
            try {
                return attempt(name, ttl);
            } catch (SQLException e) {
                boolean retry = "40001".equals(e.getSQLState()) || "23505".equals(e.getSQLState());
                if (!retry || System.nanoTime() > deadline) {
                    throw e;
                }
                try {
                    Thread.sleep(ThreadLocalRandom.current().nextInt(1, 4));
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    throw e;
                }
            }
        }
    }

    private Optional<Lease> attempt(String name, Duration ttl) throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            c.setTransactionIsolation(Connection.TRANSACTION_SERIALIZABLE);
            c.setAutoCommit(false);
            try {
                Boolean live = null;
                try (PreparedStatement ps = c.prepareStatement(
                        "SELECT lease_until > clock_timestamp() FROM locks WHERE name = ?")) {
                    ps.setString(1, name);
                    try (ResultSet rs = ps.executeQuery()) {
                        if (rs.next()) {
                            live = rs.getBoolean(1);
                        }
                    }
                }
                if (Boolean.TRUE.equals(live)) {
                    c.rollback();
                    return Optional.empty();
                }
                String sql = live == null ? """
                        INSERT INTO locks(name, holder, token, lease_until)
                        VALUES (?, ?, nextval('lock_fence'), clock_timestamp() + ? * interval '1 millisecond')
                        RETURNING token""" : """
                        UPDATE locks SET holder = ?, token = nextval('lock_fence'),
                          lease_until = clock_timestamp() + ? * interval '1 millisecond'
                        WHERE name = ? RETURNING token""";
                long token;
                try (PreparedStatement ps = c.prepareStatement(sql)) {
                    if (live == null) {
                        ps.setString(1, name);
                        ps.setString(2, holder);
                        ps.setLong(3, ttl.toMillis());
                    } else {
                        ps.setString(1, holder);
                        ps.setLong(2, ttl.toMillis());
                        ps.setString(3, name);
                    }
                    try (ResultSet rs = ps.executeQuery()) {
                        rs.next();
                        token = rs.getLong(1);
                    }
                }
                c.commit();
                return Optional.of(new Lease(name, token, holder));
            } catch (SQLException e) {
                c.rollback();
                throw e;
            } finally {
                c.setAutoCommit(true);
                c.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
            }
        }
    }

    @Override
    public boolean renew(Lease lease, Duration ttl) throws SQLException {
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement("""
                UPDATE locks SET lease_until = clock_timestamp() + ? * interval '1 millisecond'
                WHERE name = ? AND token = ? AND lease_until > clock_timestamp()""")) {
            ps.setLong(1, ttl.toMillis());
            ps.setString(2, lease.name());
            ps.setLong(3, lease.token());
            return ps.executeUpdate() == 1;
        }
    }

    @Override
    public boolean release(Lease lease) throws SQLException {
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement("DELETE FROM locks WHERE name = ? AND token = ?")) {
            ps.setString(1, lease.name());
            ps.setLong(2, lease.token());
            return ps.executeUpdate() == 1;
        }
    }
}
