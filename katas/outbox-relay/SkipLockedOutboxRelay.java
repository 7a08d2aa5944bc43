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
 * An outbox relay that reads the pending rows, publishes them and marks them. It works with one
 * relay and a perfect broker. Run `lockdrill check outbox-relay` to see what three relays, a
 * broker outage and a killed session do to it.
 */
public final class SkipLockedOutboxRelay implements OutboxRelay {
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
        // TODO: claim the rows so that no other relay publishes them too, and so that a relay that
        //       dies or meets a broker outage leaves them pending: one transaction, FOR UPDATE SKIP LOCKED.
        try (Connection c = dataSource.getConnection()) {
            List<OutboxEvent> events = new ArrayList<>();
            List<Long> ids = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement("SELECT id, event_id, aggregate_id, seq, payload "
                    + "FROM outbox WHERE published_at IS NULL ORDER BY id LIMIT ?")) {
                ps.setInt(1, max);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        ids.add(rs.getLong(1));
                        events.add(new OutboxEvent(rs.getString(2), rs.getString(3), rs.getLong(4), rs.getString(5)));
                    }
                }
            }
            for (int i = 0; i < events.size(); i++) {
                broker.publish(events.get(i));
                try (PreparedStatement mark = c.prepareStatement("UPDATE outbox SET published_at = now() WHERE id = ?")) {
                    mark.setLong(1, ids.get(i));
                    mark.executeUpdate();
                }
            }
            return events.size();
        }
    }
}
