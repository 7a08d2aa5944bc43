package katas.outboxrelay;

import dev.lockdrill.katas.api.outbox.Broker;
import dev.lockdrill.katas.api.outbox.OutboxEvent;
import dev.lockdrill.katas.api.outbox.OutboxRelay;

import javax.sql.DataSource;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * Alternative: the database owns the protocol. Two PL/pgSQL functions, created once (under an
 * advisory lock, since several relays start at once): outbox_claim(n) returns the rows it locked
 * FOR UPDATE SKIP LOCKED, outbox_done(ids) marks them. The relay calls them in one transaction
 * around the broker calls and commits only when every publish succeeded.
 */
public final class SkipLockedOutboxRelay implements OutboxRelay {
    private static final String FUNCTIONS = """
            CREATE OR REPLACE FUNCTION outbox_claim(n integer)
            RETURNS TABLE (id bigint, event_id text, aggregate_id text, seq bigint, payload text)
            LANGUAGE plpgsql AS $$
            BEGIN
              RETURN QUERY SELECT o.id, o.event_id, o.aggregate_id, o.seq, o.payload FROM outbox o
                WHERE o.published_at IS NULL ORDER BY o.id LIMIT n FOR UPDATE SKIP LOCKED;
            END $$;
            CREATE OR REPLACE FUNCTION outbox_done(ids bigint[]) RETURNS integer
            LANGUAGE plpgsql AS $$
            DECLARE marked integer;
            BEGIN
              UPDATE outbox SET published_at = clock_timestamp() WHERE id = ANY(ids) AND published_at IS NULL;
              GET DIAGNOSTICS marked = ROW_COUNT;
              RETURN marked;
            END $$;
            """;

    private final DataSource dataSource;
    private final Broker broker;

    public SkipLockedOutboxRelay(DataSource dataSource, Broker broker) throws SQLException {
        this.dataSource = dataSource;
        this.broker = broker;
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            try (Statement s = c.createStatement()) {
                s.execute("SELECT pg_advisory_xact_lock(hashtext('outbox_functions'))");
                s.execute(FUNCTIONS);
            }
            c.commit();
        }
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
            boolean done = false;
            try {
                List<Long> ids = new ArrayList<>();
                List<OutboxEvent> events = new ArrayList<>();
                try (PreparedStatement claim = c.prepareStatement("SELECT * FROM outbox_claim(?)")) {
                    claim.setInt(1, max);
                    try (ResultSet rs = claim.executeQuery()) {
                        while (rs.next()) {
                            ids.add(rs.getLong("id"));
                            events.add(new OutboxEvent(rs.getString("event_id"), rs.getString("aggregate_id"),
                                    rs.getLong("seq"), rs.getString("payload")));
                        }
                    }
                }
                for (OutboxEvent event : events) {
                    broker.publish(event);
                }
                Array array = c.createArrayOf("bigint", ids.toArray());
                try (PreparedStatement mark = c.prepareStatement("SELECT outbox_done(?)")) {
                    mark.setArray(1, array);
                    mark.execute();
                }
                c.commit();
                done = true;
                return events.size();
            } finally {
                if (!done) {
                    try {
                        c.rollback();
                    } catch (SQLException ignored) {
                        // the session is gone: its transaction rolled back with it
                    }
                }
            }
        }
    }
}
