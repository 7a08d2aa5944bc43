package dev.lockdrill.katas.api.lease;

import java.sql.SQLException;
import java.util.List;

/**
 * A work queue in PostgreSQL drained by leases: a worker claims rows by pushing their
 * {@code next_attempt_at} one lease into the future and stamping them with a fresh lease token;
 * the rows stay invisible to other workers until the lease runs out, so a worker that crashes
 * loses nothing. Completing or extending is allowed only to the holder of the current token.
 *
 * <p>The table is {@code notifications(id bigint primary key, payload text, state text
 * ('pending', 'running', 'done' or 'failed'), next_attempt_at timestamptz, attempts int,
 * lease_token bigint, claimed_by text)}, with a sequence {@code lease_token_seq}, already created
 * in the schema your connections use. A row is due when it is not finished and its
 * {@code next_attempt_at} has passed. Implementations have a public constructor taking
 * {@code (javax.sql.DataSource, java.time.Clock, java.time.Duration lease)}: the clock is this
 * process's own (it may be wrong), the lease is how long a claim lasts.
 */
public interface LeaseQueue {

    /**
     * Claims up to {@code max} due rows for {@code worker}: each gets a new lease token, one more
     * attempt and a lease ending one lease from now. Returns the claims (empty if nothing is due).
     */
    List<Claim> claim(String worker, int max) throws SQLException;

    /**
     * Finishes the claimed row ({@code done} or {@code failed}) if the claim's lease token is still
     * the row's current one; returns whether it did. A stale claim changes nothing.
     */
    boolean complete(Claim claim, Completion outcome) throws SQLException;

    /** Pushes the lease of a claim one lease further into the future if its token is still current. */
    boolean extend(Claim claim) throws SQLException;
}
