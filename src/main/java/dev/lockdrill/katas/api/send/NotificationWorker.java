package dev.lockdrill.katas.api.send;

import java.sql.SQLException;

/**
 * One of ten workers draining the {@code notifications} table through a push provider. Each
 * notification must reach its recipient, and a crash, a pause or a lost response must not make
 * the recipient get it twice where the provider can prevent that.
 *
 * <p>The table is {@code notifications(id bigint primary key, recipient text, payload text,
 * state text ('pending', 'sent' or 'failed'), next_attempt_at timestamptz, attempts int,
 * lease_token bigint, claimed_by text)} with a sequence {@code lease_token_seq}: lease rows as in
 * the lease-claim kata. Implementations have a public constructor taking
 * {@code (javax.sql.DataSource, PushProvider, String worker, java.time.Duration lease)}.
 */
public interface NotificationWorker {

    /**
     * One pass of the worker loop: claim a batch of due notifications, send each one as a
     * {@link Message} (recipient, body = payload) and record the outcome: {@code sent}, or
     * {@code failed} when the provider rejects it for good, or leave it to be retried.
     *
     * @return how many notifications this pass claimed; 0 when none was due
     */
    int drainOnce() throws SQLException;
}
