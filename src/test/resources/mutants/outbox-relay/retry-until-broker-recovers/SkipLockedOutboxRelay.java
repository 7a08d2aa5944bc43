package katas.outboxrelay;

import dev.lockdrill.katas.api.outbox.Broker;
import dev.lockdrill.katas.api.outbox.BrokerUnavailableException;
import dev.lockdrill.katas.api.outbox.OutboxEvent;
import dev.lockdrill.katas.api.outbox.OutboxRelay;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * Mutant: when the broker refuses, it backs off and retries inside the same call, holding its
 * transaction and row locks until the broker is back, instead of leaving the events pending for a
 * later call. A long outage turns one call into an open transaction of the same length.
 */
public final class SkipLockedOutboxRelay implements OutboxRelay {
    private static final String INSERT = """
            INSERT INTO outbox(event_id, aggregate_id, seq, payload) VALUES (?, ?, ?, ?)""";
    private static final String CLAIM = """
            SELECT id, event_id, aggregate_id, seq, payload FROM outbox
            WHERE published_at IS NULL ORDER BY id LIMIT ? FOR UPDATE SKIP LOCKED""";
    private static final String MARK = "UPDATE outbox SET published_at = now() WHERE id = ?";

    private final DataSource dataSource;
    private final Broker broker;

    public SkipLockedOutboxRelay(DataSource dataSource, Broker broker) {
        this.dataSource = dataSource;
        this.broker = broker;
    }

    @Override
    public void enqueue(Connection businessTx, OutboxEvent event) throws Exception {
        try (PreparedStatement ps = businessTx.prepareStatement(INSERT)) {
            ps.setString(1, event.eventId());
            ps.setString(2, event.aggregateId());
            ps.setLong(3, event.seq());
            ps.setString(4, event.payload());
            ps.executeUpdate();
        }
    }

    @Override
    public int relayBatch(int max) throws Exception {
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            try {
                List<Long> ids = new ArrayList<>();
                for (OutboxEvent event : claim(c, max, ids)) {
                    publishWithRetry(event);
                }
                try (PreparedStatement mark = c.prepareStatement(MARK)) {
                    for (long id : ids) {
                        mark.setLong(1, id);
                        mark.addBatch();
                    }
                    mark.executeBatch();
                }
                c.commit();
                return ids.size();
            } catch (Exception e) {
                rollback(c, e);
                throw e;
            }
        }
    }

    private void publishWithRetry(OutboxEvent event) throws InterruptedException {
        for (long backoff = 5; ; backoff = Math.min(2 * backoff, 100)) {
            try {
                broker.publish(event);
                return;
            } catch (BrokerUnavailableException e) {
                Thread.sleep(backoff);
            }
        }
    }

    private static void rollback(Connection c, Exception cause) {
        try {
            c.rollback();
        } catch (SQLException e) {
            cause.addSuppressed(e);
        }
    }

    private static List<OutboxEvent> claim(Connection c, int max, List<Long> ids) throws Exception {
        List<OutboxEvent> events = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(CLAIM)) {
            ps.setInt(1, max);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    ids.add(rs.getLong(1));
                    events.add(new OutboxEvent(rs.getString(2), rs.getString(3), rs.getLong(4), rs.getString(5)));
                }
            }
        }
        return events;
    }
}
