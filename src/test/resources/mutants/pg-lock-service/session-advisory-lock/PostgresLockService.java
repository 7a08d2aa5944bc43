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
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Mutant: a session advisory lock held on a connection taken from the pool (Que's locker). The
 * lock lives exactly as long as that session: killed, it frees the lock while the holder works
 * on; paused, it never expires.
 */
public final class PostgresLockService implements LockService {
    private final DataSource dataSource;
    private final String holder;
    private final Map<String, Connection> lockers = new ConcurrentHashMap<>();

    public PostgresLockService(DataSource dataSource, String holder, Clock clock) {
        this.dataSource = dataSource;
        this.holder = holder;
    }

    @Override
    public Optional<Lease> tryAcquire(String name, Duration ttl) throws SQLException {
        Connection locker = dataSource.getConnection();
        try {
            if (!bool(locker, "SELECT pg_try_advisory_lock(hashtext(?))", name)) {
                locker.close();
                return Optional.empty();
            }
            try (PreparedStatement ps = locker.prepareStatement("SELECT nextval('lock_fence')");
                 ResultSet rs = ps.executeQuery()) {
                rs.next();
                lockers.put(name, locker);
                return Optional.of(new Lease(name, rs.getLong(1), holder));
            }
        } catch (SQLException e) {
            locker.close();
            throw e;
        }
    }

    @Override
    public boolean renew(Lease lease, Duration ttl) throws SQLException {
        Connection locker = lockers.get(lease.name());
        return locker != null && locker.isValid(1);
    }

    @Override
    public boolean release(Lease lease) throws SQLException {
        Connection locker = lockers.remove(lease.name());
        if (locker == null) {
            return false;
        }
        try (locker) {
            return bool(locker, "SELECT pg_advisory_unlock(hashtext(?))", lease.name());
        }
    }

    private static boolean bool(Connection c, String sql, String name) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, name);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() && rs.getBoolean(1);
            }
        }
    }
}
