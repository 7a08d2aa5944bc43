package katas.outboxrelay;

import dev.lockdrill.katas.api.outbox.Broker;
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
 * Alternative: claims and marks in one statement (UPDATE ... WHERE id IN (SELECT ... FOR UPDATE
 * SKIP LOCKED) RETURNING), publishes, then commits. Marking before publishing is safe here
 * because the mark is not committed until every publish succeeded.
 */
public final class SkipLockedOutboxRelay implements OutboxRelay {
    private static final String CLAIM_AND_MARK = """
            WITH batch AS (
              SELECT id FROM outbox WHERE published_at IS NULL ORDER BY id LIMIT ? FOR NO KEY UPDATE SKIP LOCKED)
            UPDATE outbox o SET published_at = clock_timestamp() FROM batch WHERE o.id = batch.id
            RETURNING o.id, o.event_id, o.aggregate_id, o.seq, o.payload""";

    private final DataSource dataSource;
    private final Broker broker;

    public SkipLockedOutboxRelay(DataSource dataSource, Broker broker) {
        this.dataSource = dataSource;
        this.broker = broker;
    }

    @Override
    public void enqueue(Connection businessTx, OutboxEvent event) throws SQLException {
        try (PreparedStatement ps = businessTx.prepareStatement(
                "INSERT INTO outbox(aggregate_id, seq, payload, event_id) VALUES (?, ?, ?, ?)")) {
            ps.setString(1, event.aggregateId());
            ps.setLong(2, event.seq());
            ps.setString(3, event.payload());
            ps.setString(4, event.eventId());
            ps.execute();
        }
    }

    @Override
    public int relayBatch(int max) throws Exception {
        Connection c = dataSource.getConnection();
        try {
            c.setAutoCommit(false);
            List<OutboxEvent> events = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement(CLAIM_AND_MARK)) {
                ps.setInt(1, max);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        events.add(new OutboxEvent(rs.getString("event_id"), rs.getString("aggregate_id"),
                                rs.getLong("seq"), rs.getString("payload")));
                    }
                }
            }
            for (OutboxEvent event : events) {
                broker.publish(event);
            }
            c.commit();
            return events.size();
        } finally {
            c.close();
        }
    }
}
