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
 * A lock table in the style of ShedLock: a row per lock name, taken when its lease_until has
 * passed, extended and released by the holder's name. Run `lockdrill check pg-lock-service` to see
 * a paused holder, a restarted process on the same host and a clock jump break it.
 */
public final class PostgresLockService implements LockService {
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
        // TODO: whose clock decides that a lease has expired? And does the token order the holders?
        Instant now = clock.instant();
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement("""
                INSERT INTO locks(name, holder, token, lease_until) VALUES (?, ?, nextval('lock_fence'), ?)
                ON CONFLICT (name) DO UPDATE
                  SET holder = EXCLUDED.holder, token = EXCLUDED.token, lease_until = EXCLUDED.lease_until
                  WHERE locks.lease_until <= ?
                RETURNING token""")) {
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
        // TODO: only the current lease may be extended.
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement(
                "UPDATE locks SET lease_until = ? WHERE name = ? AND holder = ?")) {
            ps.setTimestamp(1, Timestamp.from(clock.instant().plus(ttl)));
            ps.setString(2, lease.name());
            ps.setString(3, holder);
            return ps.executeUpdate() == 1;
        }
    }

    @Override
    public boolean release(Lease lease) throws SQLException {
        // TODO: only the current lease may be released.
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement(
                "DELETE FROM locks WHERE name = ? AND holder = ?")) {
            ps.setString(1, lease.name());
            ps.setString(2, holder);
            return ps.executeUpdate() == 1;
        }
    }
}
