package katas.pglockservice;

import dev.lockdrill.katas.api.lockservice.Lease;
import dev.lockdrill.katas.api.lockservice.LockService;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;

/**
 * Mutant: bounds its statements with a lock timeout first, then draws the token with SELECT
 * nextval(...), then takes the row in another statement with that token. The gap where another
 * process can draw a higher token, take, use and release the lock is after its second round trip.
 */
public final class PostgresLockService implements LockService {
    private static final String ACQUIRE = """
            INSERT INTO locks(name, holder, token, lease_until)
            VALUES (?, ?, ?, clock_timestamp() + ? * interval '1 millisecond')
            ON CONFLICT (name) DO UPDATE
              SET holder = EXCLUDED.holder, token = EXCLUDED.token,
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
            try (Statement setting = c.createStatement()) {
                setting.execute("SET lock_timeout = '5s'");
            }
            long token;
            try (PreparedStatement next = c.prepareStatement("SELECT nextval('lock_fence')");
                 ResultSet rs = next.executeQuery()) {
                rs.next();
                token = rs.getLong(1);
            }
            ps.setString(1, name);
            ps.setString(2, holder);
            ps.setLong(3, token);
            ps.setLong(4, ttl.toMillis());
            ps.setLong(5, ttl.toMillis());
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
