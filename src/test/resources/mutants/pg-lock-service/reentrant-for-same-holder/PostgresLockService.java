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
 * MUTANT (reentrant-for-same-holder): "a holder may take its own lock again" — a live lease is
 * granted anew when the asking holder label matches the row's. But the label is a host name, not
 * unique: a restarted instance on the same host (or a second process there) takes a lock that is
 * still held, and two holders work at once (C1).
 */
public final class PostgresLockService implements LockService {
    private static final String ACQUIRE = """
            INSERT INTO locks(name, holder, token, lease_until)
            VALUES (?, ?, nextval('lock_fence'), clock_timestamp() + ? * interval '1 millisecond')
            ON CONFLICT (name) DO UPDATE
              SET holder = EXCLUDED.holder, token = nextval('lock_fence'),
                  lease_until = clock_timestamp() + ? * interval '1 millisecond'
              WHERE locks.lease_until <= clock_timestamp() OR locks.holder = EXCLUDED.holder
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
        }
    }
}
