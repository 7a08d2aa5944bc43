package katas.outboxrelay;

import dev.lockdrill.katas.api.outbox.Broker;
import dev.lockdrill.katas.api.outbox.BrokerTimeoutException;
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
 * Alternative: partial success. It claims a batch FOR UPDATE SKIP LOCKED, publishes in order and
 * stops at the first broker error; it then marks only the events the broker confirmed, commits,
 * and returns how many that was, without throwing. The rest (the refused or timed-out one
 * included) stay pending for a later call.
 */
public final class SkipLockedOutboxRelay implements OutboxRelay {
    private static final String CLAIM = """
            SELECT id, event_id, aggregate_id, seq, payload FROM outbox
            WHERE published_at IS NULL ORDER BY id LIMIT ? FOR UPDATE SKIP LOCKED""";

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
    public int relayBatch(int max) throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            try {
                List<Long> ids = new ArrayList<>();
                List<OutboxEvent> events = new ArrayList<>();
                try (PreparedStatement ps = c.prepareStatement(CLAIM)) {
                    ps.setInt(1, max);
                    try (ResultSet rs = ps.executeQuery()) {
                        while (rs.next()) {
                            ids.add(rs.getLong(1));
                            events.add(new OutboxEvent(rs.getString(2), rs.getString(3), rs.getLong(4),
                                    rs.getString(5)));
                        }
                    }
                }
                List<Long> confirmed = new ArrayList<>();
                for (int i = 0; i < events.size(); i++) {
                    try {
                        broker.publish(events.get(i));
                    } catch (BrokerUnavailableException | BrokerTimeoutException e) {
                        break;
                    }
                    confirmed.add(ids.get(i));
                }
                try (PreparedStatement mark = c.prepareStatement(
                        "UPDATE outbox SET published_at = now() WHERE id = ANY(?)")) {
                    mark.setArray(1, c.createArrayOf("bigint", confirmed.toArray()));
                    mark.executeUpdate();
                }
                c.commit();
                return confirmed.size();
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            }
        }
    }
}
