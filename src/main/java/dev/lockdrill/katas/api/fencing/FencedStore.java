package dev.lockdrill.katas.api.fencing;

import java.sql.SQLException;
import java.util.Optional;

/**
 * A store that protects a resource with fencing tokens: a write carries the token its writer got
 * with its lock or lease, and the store accepts it only if no higher token has been accepted for
 * that key. The check is the storage's job, atomically: the writer may be paused, slow or stale.
 *
 * <p>The resource is the table {@code fenced_resource(key text primary key, value text not null,
 * token bigint not null)}, already created in the schema your connections use. Implementations
 * have a public constructor taking a {@link javax.sql.DataSource}; take a connection per call and
 * close it (it goes back to a pool).
 */
public interface FencedStore {

    /**
     * Writes {@code value} under {@code key} if {@code token} is greater than or equal to the
     * highest token accepted so far for that key. Retrying the same (token, value) is accepted.
     *
     * @return true if the write was accepted, false if it was rejected as stale
     * @throws SQLException if the outcome is unknown (for example the connection died)
     */
    boolean write(String key, long token, String value) throws SQLException;

    /** The current value and its token, or empty if the key was never written. */
    Optional<FencedValue> read(String key) throws SQLException;
}
