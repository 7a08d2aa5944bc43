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
import java.util.Optional;

/**
 * Alternative: one event per transaction, and a published row is deleted rather than marked. A
 * broker outage ends the call quietly (returning what it published so far); the refused row's
 * transaction rolls back and it stays pending.
 */
public final class SkipLockedOutboxRelay implements OutboxRelay {
    private final DataSource dataSource;
    private final Broker broker;

    public SkipLockedOutboxRelay(DataSource dataSource, Broker broker) {
        this.dataSource = dataSource;
        this.broker = broker;
    }

    @Override
    public void enqueue(Connection businessTx, OutboxEvent event) throws SQLException {
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
        int published = 0;
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            while (published < max) {
                Optional<Long> id = publishOne(c);
                if (id.isEmpty()) {
                    break;
                }
                published++;
            }
        } catch (BrokerUnavailableException e) {
            return published;
        }
        return published;
    }

    private Optional<Long> publishOne(Connection c) throws SQLException, BrokerUnavailableException {
        try (PreparedStatement claim = c.prepareStatement("""
                SELECT id, event_id, aggregate_id, seq, payload FROM outbox WHERE published_at IS NULL
                ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED""");
             ResultSet rs = claim.executeQuery()) {
            if (!rs.next()) {
                c.commit();
                return Optional.empty();
            }
            long id = rs.getLong(1);
            try {
                broker.publish(new OutboxEvent(rs.getString(2), rs.getString(3), rs.getLong(4), rs.getString(5)));
            } catch (BrokerUnavailableException e) {
                c.rollback();
                throw e;
            }
            try (PreparedStatement delete = c.prepareStatement("DELETE FROM outbox WHERE id = ?")) {
                delete.setLong(1, id);
                delete.executeUpdate();
            }
            c.commit();
            return Optional.of(id);
        }
    }
}
