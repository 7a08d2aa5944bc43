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

/**
 * Alternative: a transaction-level advisory lock serializes the decision per name, and the lease
 * row is the truth. Inside the transaction: lock, read the row, decide in Java with the
 * database's clock, write holder, token (nextval) and lease_until, commit.
 */
public final class PostgresLockService implements LockService {
    private final DataSource dataSource;
    private final String holder;

    public PostgresLockService(DataSource dataSource, String holder, Clock clock) {
        this.dataSource = dataSource;
        this.holder = holder;
    }

    @Override
    public Optional<Lease> tryAcquire(String name, Duration ttl) throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            try {
                exec(c, "SELECT pg_advisory_xact_lock(hashtext(?))", name);
                boolean held;
                try (PreparedStatement ps = c.prepareStatement(
                        "SELECT lease_until > clock_timestamp() FROM locks WHERE name = ?")) {
                    ps.setString(1, name);
                    try (ResultSet rs = ps.executeQuery()) {
                        held = rs.next() && rs.getBoolean(1);
                    }
                }
                if (held) {
                    c.rollback();
                    return Optional.empty();
                }
                long token;
                try (PreparedStatement ps = c.prepareStatement("""
                        INSERT INTO locks(name, holder, token, lease_until)
                        VALUES (?, ?, nextval('lock_fence'), clock_timestamp() + make_interval(secs => ?))
                        ON CONFLICT (name) DO UPDATE SET holder = EXCLUDED.holder, token = EXCLUDED.token,
                          lease_until = EXCLUDED.lease_until
                        RETURNING token""")) {
                    ps.setString(1, name);
                    ps.setString(2, holder);
                    ps.setDouble(3, ttl.toMillis() / 1000.0);
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
            }
        }
    }

    @Override
    public boolean renew(Lease lease, Duration ttl) throws SQLException {
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement("""
                UPDATE locks SET lease_until = clock_timestamp() + make_interval(secs => ?)
                WHERE name = ? AND token = ? AND lease_until > clock_timestamp()""")) {
            ps.setDouble(1, ttl.toMillis() / 1000.0);
            ps.setString(2, lease.name());
            ps.setLong(3, lease.token());
            return ps.executeUpdate() > 0;
        }
    }

    @Override
    public boolean release(Lease lease) throws SQLException {
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement(
                "UPDATE locks SET lease_until = '-infinity' WHERE name = ? AND token = ? AND lease_until > '-infinity'")) {
            ps.setString(1, lease.name());
            ps.setLong(2, lease.token());
            return ps.executeUpdate() > 0;
        }
    }

    private static void exec(Connection c, String sql, String arg) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, arg);
            ps.execute();
        }
    }
}
