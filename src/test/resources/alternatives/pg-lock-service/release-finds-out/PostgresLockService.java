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
 * Alternative: release finds out what happened when its round trip fails. The release may have
 * committed before the connection broke, so on an error it reads the row back on a fresh
 * connection: this token, with the lease set to '-infinity' (what a release writes), means its own
 * release landed (true); anything else, and the error stands (thrown). tryAcquire does not try
 * to find out: "a live lease of my holder" cannot tell the grant it just made from one it already
 * had, so an unknown grant is thrown. Otherwise as the reference.
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
        } catch (SQLException e) {
            if (releasedUnder(lease)) {
                return true;
            }
            throw e;
        }
    }

    /** Whether the row shows this lease released (read on a fresh connection). */
    private boolean releasedUnder(Lease lease) {
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement(
                "SELECT 1 FROM locks WHERE name = ? AND token = ? AND lease_until = '-infinity'")) {
            ps.setString(1, lease.name());
            ps.setLong(2, lease.token());
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        } catch (SQLException unreadable) {
            return false;
        }
    }
}
