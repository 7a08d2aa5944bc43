package katas.pglockservice;

import dev.lockdrill.katas.api.lockservice.Lease;
import dev.lockdrill.katas.api.lockservice.LockService;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * Mutant: lease_until and the expiry test come from the application's clock, not the database's;
 * a process whose clock jumps ahead steals live leases, one whose clock falls behind grants dead ones.
 */
public final class PostgresLockService implements LockService {
    private static final String ACQUIRE = """
            INSERT INTO locks(name, holder, token, lease_until)
            VALUES (?, ?, nextval('lock_fence'), ?)
            ON CONFLICT (name) DO UPDATE
              SET holder = EXCLUDED.holder, token = EXCLUDED.token, lease_until = EXCLUDED.lease_until
              WHERE locks.lease_until <= ?
            RETURNING token""";
    private static final String RENEW = """
            UPDATE locks SET lease_until = ? WHERE name = ? AND token = ? AND lease_until > ?""";
    private static final String RELEASE = "DELETE FROM locks WHERE name = ? AND token = ?";

    private final DataSource dataSource;
    private final String holder;
    private final Clock clock;

    public PostgresLockService(DataSource dataSource, String holder, Clock clock) {
        this.dataSource = dataSource;
        this.holder = holder;
        this.clock = clock;
    }

    @Override
    public Optional<Lease> tryAcquire(String name, Duration ttl) throws SQLException {
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement(ACQUIRE)) {
            Instant now = clock.instant();
            ps.setString(1, name);
            ps.setString(2, holder);
            ps.setTimestamp(3, Timestamp.from(now.plus(ttl)));
            ps.setTimestamp(4, Timestamp.from(now));
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(new Lease(name, rs.getLong(1), holder)) : Optional.empty();
            }
        }
    }

    @Override
    public boolean renew(Lease lease, Duration ttl) throws SQLException {
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement(RENEW)) {
            Instant now = clock.instant();
            ps.setTimestamp(1, Timestamp.from(now.plus(ttl)));
            ps.setString(2, lease.name());
            ps.setLong(3, lease.token());
            ps.setTimestamp(4, Timestamp.from(now));
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
