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
 * Alternative: delete-on-publish, a batch at a time. One statement deletes the claimed rows and
 * returns them (DELETE ... WHERE id IN (SELECT ... FOR UPDATE SKIP LOCKED) RETURNING); the delete
 * is the claim, and it only becomes real when the transaction commits after every publish. Any
 * failure rolls it back and the rows are back in the outbox.
 */
public final class SkipLockedOutboxRelay implements OutboxRelay {
    private static final String TAKE = """
            DELETE FROM outbox WHERE id IN (
              SELECT id FROM outbox WHERE published_at IS NULL ORDER BY id LIMIT ? FOR UPDATE SKIP LOCKED)
            RETURNING id, event_id, aggregate_id, seq, payload""";

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
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            List<OutboxEvent> taken = new ArrayList<>();
            try (PreparedStatement take = c.prepareStatement(TAKE)) {
                take.setInt(1, max);
                try (ResultSet rs = take.executeQuery()) {
                    while (rs.next()) {
                        taken.add(new OutboxEvent(rs.getString("event_id"), rs.getString("aggregate_id"),
                                rs.getLong("seq"), rs.getString("payload")));
                    }
                }
            }
            for (OutboxEvent event : taken) {
                broker.publish(event);
            }
            c.commit();
            return taken.size();
        }
    }
}
