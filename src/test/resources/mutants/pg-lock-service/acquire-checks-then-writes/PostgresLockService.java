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
 * Mutant: acquire looks first ("is the lease live?") and writes second, with an upsert that no
 * longer re-checks the expiry: two round trips, so two workers can both see the lock free and
 * both take it, the second overwriting a live lease.
 */
public final class PostgresLockService implements LockService {
    private static final String LIVE = """
            SELECT lease_until > clock_timestamp() AS live FROM locks WHERE name = ?""";
    private static final String TAKE = """
            INSERT INTO locks(name, holder, token, lease_until)
            VALUES (?, ?, nextval('lock_fence'), clock_timestamp() + ? * interval '1 millisecond')
            ON CONFLICT (name) DO UPDATE
              SET holder = EXCLUDED.holder, token = nextval('lock_fence'), lease_until = EXCLUDED.lease_until
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
        try (Connection c = dataSource.getConnection()) {
            try (PreparedStatement ps = c.prepareStatement(LIVE)) {
                ps.setString(1, name);
                try (ResultSet rs = ps.executeQuery()) {
                    if (rs.next() && rs.getBoolean(1)) {
                        return Optional.empty();
                    }
                }
            }
            try (PreparedStatement ps = c.prepareStatement(TAKE)) {
                ps.setString(1, name);
                ps.setString(2, holder);
                ps.setLong(3, ttl.toMillis());
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    return Optional.of(new Lease(name, rs.getLong(1), holder));
                }
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
