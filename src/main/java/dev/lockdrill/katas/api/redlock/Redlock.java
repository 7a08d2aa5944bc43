package dev.lockdrill.katas.api.redlock;

import java.time.Duration;
import java.util.Optional;

/**
 * The Redlock algorithm over five independent Redis masters, and the holder's write to the
 * protected resource (a PostgreSQL table).
 *
 * <p>Implementations have a public constructor taking the five nodes ({@code List<RedisNode>}) and
 * a {@link javax.sql.DataSource} for the resource's database. The schema has the table
 * {@code protected_resource(key text primary key, value text not null, token bigint not null
 * default 0, lock_value text)} and the sequence {@code redlock_fence}. One instance is one client
 * process, called from one thread at a time.
 */
public interface Redlock {

    /**
     * Tries to take the lock on {@code resource} for {@code ttl}, as the Redlock spec says.
     *
     * @return the lease when a majority of the nodes granted it in time, empty otherwise
     */
    Optional<Lease> acquire(String resource, Duration ttl);

    /** Gives the lock up on every node, deleting only this lease's own value. */
    void release(Lease lease);

    /**
     * Writes {@code value} under {@code key} in {@code protected_resource} on behalf of the holder of
     * {@code lease}; answers whether the resource accepted the write. Part two: the resource must
     * refuse a holder whose lock has been superseded.
     */
    boolean write(Lease lease, String key, String value);
}
