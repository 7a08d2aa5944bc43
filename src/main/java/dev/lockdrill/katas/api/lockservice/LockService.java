package dev.lockdrill.katas.api.lockservice;

import java.sql.SQLException;
import java.time.Duration;
import java.util.Optional;

/**
 * PostgreSQL as a lock service: named leases with a time to live and a fencing token.
 *
 * <p>The schema has a table {@code locks(name text primary key, holder text not null, token bigint
 * not null, lease_until timestamptz not null)} and a sequence {@code lock_fence}; use them or not
 * (an advisory-lock design may not need the table). Implementations have a public constructor
 * taking a {@link javax.sql.DataSource} (a pool), the holder label (a host name: two processes may
 * share it) and a {@link java.time.Clock} (this process's clock, which may be wrong).
 */
public interface LockService {

    /**
     * Takes the lock if nobody holds a live lease on it, for {@code ttl} from now. The returned
     * token is strictly greater than the token of every earlier grant of this name.
     *
     * @return the lease, or empty if another live lease holds the name
     */
    Optional<Lease> tryAcquire(String name, Duration ttl) throws SQLException;

    /** Extends this lease to {@code ttl} from now if it is still the current lease; false otherwise. */
    boolean renew(Lease lease, Duration ttl) throws SQLException;

    /** Gives the lock up if this lease is still the current one; false (and no change) otherwise. */
    boolean release(Lease lease) throws SQLException;
}
