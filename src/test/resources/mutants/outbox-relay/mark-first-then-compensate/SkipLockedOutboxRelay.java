package katas.outboxrelay;

import dev.lockdrill.katas.api.outbox.Broker;
import dev.lockdrill.katas.api.outbox.OutboxEvent;
import dev.lockdrill.katas.api.outbox.OutboxRelay;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;

/**
 * Mutant: claims and marks its batch in one committed statement (so no transaction stays open
 * while it talks to the broker), then publishes, and un-marks what the broker refused or timed
 * out on. It survives every broker error, but not its own death between the commit and the
 * publish: those events are marked and never published.
 */
public final class SkipLockedOutboxRelay implements OutboxRelay {
    private static final String CLAIM_AND_MARK = """
            UPDATE outbox SET published_at = now() WHERE id IN (
              SELECT id FROM outbox WHERE published_at IS NULL ORDER BY id LIMIT ? FOR UPDATE SKIP LOCKED)
            RETURNING event_id, aggregate_id, seq, payload""";
    private static final String UNMARK = "UPDATE outbox SET published_at = NULL WHERE event_id = ?";

    private final DataSource dataSource;
    private final Broker broker;

    public SkipLockedOutboxRelay(DataSource dataSource, Broker broker) {
        this.dataSource = dataSource;
        this.broker = broker;
    }

    @Override
    public void enqueue(Connection businessTx, OutboxEvent event) throws Exception {
        try (PreparedStatement ps = businessTx.prepareStatement(
                "INSERT INTO outbox(event_id, aggregate_id, seq, payload) VALUES (?, ?, ?, ?)")) {
            ps.setString(1, event.eventId());
            ps.setString(2, event.aggregateId());
            ps.setLong(3, event.seq());
            ps.setString(4, event.payload());
            ps.executeUpdate();
        }
    }

    @Override
    public int relayBatch(int max) throws Exception {
        List<OutboxEvent> events = new ArrayList<>();
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement(CLAIM_AND_MARK)) {
            ps.setInt(1, max);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    events.add(new OutboxEvent(rs.getString(1), rs.getString(2), rs.getLong(3), rs.getString(4)));
                }
            }
        }
        for (int i = 0; i < events.size(); i++) {
            try {
                broker.publish(events.get(i));
            } catch (Exception e) {
                unmark(events.subList(i, events.size()));
                throw e;
            }
        }
        return events.size();
    }

    private void unmark(List<OutboxEvent> events) throws Exception {
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement(UNMARK)) {
            for (OutboxEvent event : events) {
                ps.setString(1, event.eventId());
                ps.addBatch();
            }
            ps.executeBatch();
        }
    }
}
