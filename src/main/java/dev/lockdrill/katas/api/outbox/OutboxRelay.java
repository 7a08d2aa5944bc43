package dev.lockdrill.katas.api.outbox;

import java.sql.Connection;

/**
 * The transactional outbox: a business transaction writes its event into the outbox table in the
 * same transaction as its data, and relays publish committed events to the broker afterwards.
 *
 * <p>The table exists already: {@code outbox(id bigserial primary key, event_id text not null
 * unique, aggregate_id text not null, seq bigint not null, payload text not null, created_at
 * timestamptz not null default clock_timestamp(), published_at timestamptz)}. An event is done
 * when its row has {@code published_at} set, or when its row has been deleted after publishing.
 *
 * <p>Implementations have a public constructor taking a {@link javax.sql.DataSource} and a
 * {@link Broker}. Several relays (each its own process, with its own instance) run at once.
 */
public interface OutboxRelay {

    /**
     * Called inside a business transaction, on that transaction's connection (autocommit off).
     * The caller commits or rolls back; do neither here, and do not close the connection.
     */
    void enqueue(Connection businessTx, OutboxEvent event) throws Exception;

    /**
     * Publishes up to {@code max} committed, unpublished events and marks them done. Events a
     * concurrent relay is busy with are not this relay's business. If the broker is down, the
     * events must stay pending for a later call (throwing is fine).
     *
     * @return how many events this call published
     */
    int relayBatch(int max) throws Exception;
}
