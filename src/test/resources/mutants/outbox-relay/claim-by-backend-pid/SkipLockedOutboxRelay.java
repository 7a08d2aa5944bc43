package katas.outboxrelay;

import dev.lockdrill.katas.api.outbox.Broker;
import dev.lockdrill.katas.api.outbox.OutboxEvent;
import dev.lockdrill.katas.api.outbox.OutboxRelay;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * Mutant (once a correct alternative, when every relay had sessions of its own): no transaction is
 * open while the relay talks to the broker. The claim is a column, claimed_by = the relay session's
 * backend pid, committed at once (the SKIP LOCKED subquery keeps two claims apart). A claim is only
 * as good as the session behind it: a row claimed by a pid that is no longer in pg_stat_activity is
 * free, so a killed or crashed relay releases its rows by dying, as a transaction would. Each event
 * is marked right after its publish, guarded by the claim; on any broker error the relay gives its
 * remaining claims back and rethrows. Through PgBouncer in transaction mode the backend pid is not
 * the relay's: another relay's transaction on the same server session finds the rows "its own" and
 * publishes them again.
 */
public final class SkipLockedOutboxRelay implements OutboxRelay {
    private static final String CLAIM = """
            UPDATE outbox SET claimed_by = pg_backend_pid() WHERE id IN (
              SELECT o.id FROM outbox o
              WHERE o.published_at IS NULL
                AND (o.claimed_by IS NULL OR o.claimed_by = pg_backend_pid()
                     OR NOT EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.pid = o.claimed_by))
              ORDER BY o.id LIMIT ? FOR UPDATE SKIP LOCKED)
            RETURNING id, event_id, aggregate_id, seq, payload""";
    private static final String MARK = """
            UPDATE outbox SET published_at = clock_timestamp(), claimed_by = NULL
            WHERE id = ? AND claimed_by = pg_backend_pid()""";
    private static final String GIVE_BACK = """
            UPDATE outbox SET claimed_by = NULL WHERE claimed_by = pg_backend_pid() AND published_at IS NULL""";

    private final DataSource dataSource;
    private final Broker broker;

    public SkipLockedOutboxRelay(DataSource dataSource, Broker broker) throws SQLException {
        this.dataSource = dataSource;
        this.broker = broker;
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            try (Statement s = c.createStatement()) {
                s.execute("SELECT pg_advisory_xact_lock(hashtext('outbox_claimed_by'))");
                try (ResultSet rs = s.executeQuery("SELECT 1 FROM information_schema.columns WHERE "
                        + "table_schema = current_schema() AND table_name = 'outbox' AND column_name = 'claimed_by'")) {
                    if (!rs.next()) {
                        s.execute("ALTER TABLE outbox ADD COLUMN claimed_by integer");
                    }
                }
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
            c.setAutoCommit(true);
            List<Long> ids = new ArrayList<>();
            List<OutboxEvent> events = new ArrayList<>();
            try (PreparedStatement claim = c.prepareStatement(CLAIM)) {
                claim.setInt(1, max);
                try (ResultSet rs = claim.executeQuery()) {
                    while (rs.next()) {
                        ids.add(rs.getLong("id"));
                        events.add(new OutboxEvent(rs.getString("event_id"), rs.getString("aggregate_id"),
                                rs.getLong("seq"), rs.getString("payload")));
                    }
                }
            }
            int published = 0;
            try (PreparedStatement mark = c.prepareStatement(MARK)) {
                for (int i = 0; i < events.size(); i++) {
                    broker.publish(events.get(i));
                    mark.setLong(1, ids.get(i));
                    mark.executeUpdate();
                    published++;
                }
            } catch (Exception e) {
                giveBack(c, e);
                throw e;
            }
            return published;
        }
    }

    private static void giveBack(Connection c, Exception cause) {
        try (Statement s = c.createStatement()) {
            s.executeUpdate(GIVE_BACK);
        } catch (SQLException e) {
            cause.addSuppressed(e);
        }
    }
}
