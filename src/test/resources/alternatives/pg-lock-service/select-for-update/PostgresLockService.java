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
 * Alternative: make sure the row exists (ON CONFLICT DO NOTHING), lock it with SELECT ... FOR
 * UPDATE, and take it in an UPDATE if its lease has passed by the database's clock. Release
 * expires the lease instead of deleting the row.
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
                update(c, "INSERT INTO locks(name, holder, token, lease_until) VALUES (?, '', 0, '-infinity') "
                        + "ON CONFLICT (name) DO NOTHING", name);
                boolean free;
                try (PreparedStatement ps = c.prepareStatement(
                        "SELECT lease_until <= clock_timestamp() FROM locks WHERE name = ? FOR UPDATE")) {
                    ps.setString(1, name);
                    try (ResultSet rs = ps.executeQuery()) {
                        free = rs.next() && rs.getBoolean(1);
                    }
                }
                Optional<Lease> lease = free ? Optional.of(take(c, name, ttl)) : Optional.empty();
                c.commit();
                return lease;
            } catch (SQLException e) {
                c.rollback();
                throw e;
            }
        }
    }

    private Lease take(Connection c, String name, Duration ttl) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("""
                UPDATE locks SET holder = ?, token = nextval('lock_fence'),
                  lease_until = clock_timestamp() + ? * interval '1 millisecond'
                WHERE name = ? RETURNING token""")) {
            ps.setString(1, holder);
            ps.setLong(2, ttl.toMillis());
            ps.setString(3, name);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return new Lease(name, rs.getLong(1), holder);
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
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement(
                "UPDATE locks SET lease_until = clock_timestamp() WHERE name = ? AND token = ? "
                        + "AND lease_until > clock_timestamp()")) {
            ps.setString(1, lease.name());
            ps.setLong(2, lease.token());
            return ps.executeUpdate() == 1;
        }
    }

    private static void update(Connection c, String sql, String name) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, name);
            ps.executeUpdate();
        }
    }
}
