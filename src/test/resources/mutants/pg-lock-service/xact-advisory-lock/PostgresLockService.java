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
 * Mutant: pg_try_advisory_xact_lock, safe from pools and kills, but the transaction that holds it
 * commits inside tryAcquire, so the lock is gone before the holder starts its work.
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
            try (PreparedStatement lock = c.prepareStatement("SELECT pg_try_advisory_xact_lock(hashtext(?))")) {
                lock.setString(1, name);
                try (ResultSet rs = lock.executeQuery()) {
                    if (!rs.next() || !rs.getBoolean(1)) {
                        c.rollback();
                        return Optional.empty();
                    }
                }
            }
            try (PreparedStatement ps = c.prepareStatement("SELECT nextval('lock_fence')");
                 ResultSet rs = ps.executeQuery()) {
                rs.next();
                long token = rs.getLong(1);
                c.commit();
                return Optional.of(new Lease(name, token, holder));
            }
        }
    }

    @Override
    public boolean renew(Lease lease, Duration ttl) {
        return true;
    }

    @Override
    public boolean release(Lease lease) {
        return true;
    }
}
