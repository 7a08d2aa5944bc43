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
 * Mutant: tryAcquire "finds out" after an error by looking for a live lease of its holder, and
 * returns it as the grant. When the holder already held the lock and its repeated acquire lost its
 * reply (having changed nothing), it passes the old lease off as a new grant: the same token twice.
 */
public final class PostgresLockService implements LockService {
    private static final String ACQUIRE = """
            INSERT INTO locks(name, holder, token, lease_until)
            VALUES (?, ?, nextval('lock_fence'), clock_timestamp() + ? * interval '1 millisecond')
            ON CONFLICT (name) DO UPDATE
              SET holder = EXCLUDED.holder, token = nextval('lock_fence'),
                  lease_until = clock_timestamp() + ? * interval '1 millisecond'
              WHERE locks.lease_until <= clock_timestamp()
            RETURNING token""";
    private static final String RENEW = """
            UPDATE locks SET lease_until = clock_timestamp() + ? * interval '1 millisecond'
            WHERE name = ? AND token = ? AND lease_until > clock_timestamp()""";
    private static final String RELEASE = """
            UPDATE locks SET lease_until = '-infinity'
            WHERE name = ? AND token = ? AND lease_until > clock_timestamp()""";

    private final DataSource dataSource;
    private final String holder;

    public PostgresLockService(DataSource dataSource, String holder, Clock clock) {
        this.dataSource = dataSource;
        this.holder = holder;
    }

    @Override
    public Optional<Lease> tryAcquire(String name, Duration ttl) throws SQLException {
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement(ACQUIRE)) {
            ps.setString(1, name);
            ps.setString(2, holder);
            ps.setLong(3, ttl.toMillis());
            ps.setLong(4, ttl.toMillis());
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(new Lease(name, rs.getLong(1), holder)) : Optional.empty();
            }
        } catch (SQLException e) {
            try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement(
                    "SELECT token FROM locks WHERE name = ? AND holder = ? AND lease_until > clock_timestamp()")) {
                ps.setString(1, name);
                ps.setString(2, holder);
                try (ResultSet rs = ps.executeQuery()) {
                    if (rs.next()) {
                        return Optional.of(new Lease(name, rs.getLong(1), holder)); // "my grant went through"
                    }
                }
            }
            throw e;
        }
    }

    @Override
    public boolean renew(Lease lease, Duration ttl) throws SQLException {
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement(RENEW)) {
            ps.setLong(1, ttl.toMillis());
            ps.setString(2, lease.name());
            ps.setLong(3, lease.token());
            return ps.executeUpdate() == 1;
        }
    }

    @Override
    public boolean release(Lease lease) throws SQLException {
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement(RELEASE)) {
            ps.setString(1, lease.name());
            ps.setLong(2, lease.token());
            return ps.executeUpdate() == 1;
        }
    }
}
