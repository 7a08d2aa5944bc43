package dev.lockdrill.kata.outboxrelay.workload;

import dev.lockdrill.harness.Failures;
import dev.lockdrill.harness.Pause;
import dev.lockdrill.harness.Recorder;
import dev.lockdrill.harness.ScenarioRig;
import dev.lockdrill.harness.Sql;
import dev.lockdrill.harness.WorkerDataSource;
import dev.lockdrill.harness.WorkloadContext;
import dev.lockdrill.kata.outboxrelay.protocol.BusinessTx;
import dev.lockdrill.kata.outboxrelay.protocol.Decision;
import dev.lockdrill.kata.outboxrelay.protocol.EventFields;
import dev.lockdrill.kata.outboxrelay.protocol.OutboxOp;
import dev.lockdrill.kata.outboxrelay.protocol.OutboxRow;
import dev.lockdrill.kata.outboxrelay.protocol.RelayBatch;
import dev.lockdrill.katas.api.outbox.Broker;
import dev.lockdrill.katas.api.outbox.OutboxEvent;
import dev.lockdrill.katas.api.outbox.OutboxRelay;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What every outbox scenario uses: relays (each its own process with its own pool and broker
 * connection), business transactions that enqueue events, recorded relay calls, and the outbox's
 * ground truth at the end.
 */
final class OutboxRig extends ScenarioRig implements AutoCloseable {
    static final int DRAIN_CALLS = 40;

    /** Added to from several threads at once when an explorer's actors start relay processes. */
    private final List<WorkerDataSource> dataSources = new CopyOnWriteArrayList<>();
    private final AtomicInteger businessTxs = new AtomicInteger();
    private WorkerDataSource business;
    private OutboxRelay app;

    OutboxRig(WorkloadContext context, Connection admin, String scenario) {
        super(context, admin, scenario);
    }

    /** A relay process: its own instance, pool and broker connection, with the broker's fault and latency. */
    OutboxRelay relay(String name, BrokerFault fault, long latencyNanos) throws SQLException {
        return relay(name, fault, latencyNanos, database().dataSource(name));
    }

    /** A relay process whose pool goes through the run's PgBouncer in transaction mode. */
    OutboxRelay pooledRelay(String name, BrokerFault fault) throws SQLException {
        return relay(name, fault, 0, database().pooledDataSource(name));
    }

    /** A relay process on the given pool (a scenario that crashes the process keeps hold of it). */
    OutboxRelay relay(String name, BrokerFault fault, long latencyNanos, WorkerDataSource dataSource)
            throws SQLException {
        dataSource.warmUp();
        dataSources.add(dataSource);
        Broker broker = new FakeBroker(recorder(), scenario, name, fault, latencyNanos);
        return context.implementation().create(OutboxRelay.class, new Class<?>[]{DataSource.class, Broker.class},
                dataSource, broker);
    }

    /** A fresh event of this scenario, with a seeded id. */
    OutboxEvent event(String aggregate, long seq) {
        String id = new UUID(random().nextLong(), random().nextLong()).toString();
        return new OutboxEvent(id, scenario + "/" + aggregate, seq, aggregate + " #" + seq);
    }

    static EventFields fields(OutboxEvent event) {
        return new EventFields(event.eventId(), event.aggregateId(), event.seq(), event.payload());
    }

    /** Opens a business transaction that writes a business row and enqueues the event; not yet decided. */
    OpenTx begin(OutboxEvent event, Decision decision) throws SQLException {
        return begin(List.of(event), decision);
    }

    /** One business transaction enqueueing several events; not yet decided. */
    OpenTx begin(List<OutboxEvent> events, Decision decision) throws SQLException {
        if (app == null) {
            business = database().dataSource("app");
            app = relay("app", BrokerFault.NONE, 0, business);
        }
        String worker = "app-" + businessTxs.incrementAndGet();
        Connection connection = business.getConnection();
        connection.setAutoCommit(false);
        List<Recorder.PendingOp> ops = new ArrayList<>();
        for (OutboxEvent event : events) {
            Recorder.PendingOp op = recorder().invoke(scenario, worker, OutboxOp.BUSINESS_TX,
                    new BusinessTx(fields(event), decision).toMap());
            ops.add(op);
            try {
                Sql.rows(connection, "INSERT INTO business_order(note) VALUES (?) RETURNING id", event.payload());
                app.enqueue(connection, event);
            } catch (Exception | Error e) {
                connection.rollback();
                ops.forEach(failed -> failed.fail("enqueue threw " + Failures.describe(e)));
                break;
            }
        }
        return new OpenTx(connection, ops);
    }

    void commit(OutboxEvent event) throws SQLException {
        begin(event, Decision.COMMIT).commit();
    }

    /** Commits the events in business transactions of up to ten events each. */
    void commitAll(List<OutboxEvent> events) throws SQLException {
        for (int from = 0; from < events.size(); from += 10) {
            begin(events.subList(from, Math.min(events.size(), from + 10)), Decision.COMMIT).commit();
        }
    }

    /** One recorded relayBatch call; returns what it reported, or -1 if it threw. */
    int relayBatch(String relay, OutboxRelay instance, int max) {
        return relayBatch(relay, instance, new RelayBatch(max));
    }

    /**
     * One recorded relayBatch call of the only relay at work, with the outbox's pending count read
     * right before it (no other relay or business transaction may run meanwhile).
     */
    int quietRelayBatch(String relay, OutboxRelay instance, int max) throws SQLException {
        return relayBatch(relay, instance, new RelayBatch(max, pending()));
    }

    private int relayBatch(String relay, OutboxRelay instance, RelayBatch batch) {
        Recorder.Call<Integer> call = recorder().call(scenario, relay, OutboxOp.RELAY_BATCH, batch.toMap(),
                () -> instance.relayBatch(batch.max()), RelayBatch::result, Recorder.OnError.UNKNOWN);
        return call.ok() ? call.value() : -1;
    }

    /**
     * Kills every session of the worker and waits (up to 3 s each) until they are gone; returns how many.
     */
    int killSessions(String worker) {
        try (Connection killer = database().killer("killer")) {
            return Sql.rows(killer, "SELECT pg_terminate_backend(pid, 3000) AS gone FROM pg_stat_activity "
                    + "WHERE application_name = ?", database().applicationName(worker)).size();
        } catch (SQLException e) {
            return 0;
        }
    }

    /** Calls relayBatch until the outbox has no pending row (ground truth), at most DRAIN_CALLS times. */
    void drain(String relay, OutboxRelay instance, int max) throws SQLException {
        for (int call = 0; call < DRAIN_CALLS && pending() > 0; call++) {
            if (relayBatch(relay, instance, max) <= 0) {
                Pause.millis(2);
            }
        }
    }

    /** Committed rows of this scenario not yet marked published. */
    long pending() throws SQLException {
        synchronized (admin) {
            return ((Number) Sql.rows(admin, "SELECT count(*) AS n FROM outbox WHERE published_at IS NULL "
                    + "AND aggregate_id LIKE ?", scenario + "/%").get(0).get("n")).longValue();
        }
    }

    /** Records the outbox rows of this scenario (event id, marked or not) as ground truth. */
    void observeOutbox() throws SQLException {
        List<Map<String, Object>> rows = Sql.rows(admin, """
                SELECT id, event_id, aggregate_id, seq, published_at IS NOT NULL AS marked
                FROM outbox WHERE aggregate_id LIKE ? ORDER BY id""", scenario + "/%").stream()
                .map(row -> new OutboxRow(((Number) row.get("id")).longValue(), (String) row.get("event_id"),
                        (String) row.get("aggregate_id"), ((Number) row.get("seq")).longValue(),
                        Boolean.TRUE.equals(row.get("marked"))).toMap())
                .toList();
        recorder().observe(OutboxRow.OBSERVATION, scenario, rows);
    }

    @Override
    public void close() {
        dataSources.forEach(WorkerDataSource::close);
    }
}
