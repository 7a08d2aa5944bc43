package dev.lockdrill.kata.leaseclaim.workload;

import dev.lockdrill.history.Faults;
import dev.lockdrill.history.Op;
import dev.lockdrill.kata.leaseclaim.protocol.ClaimCall;
import dev.lockdrill.kata.leaseclaim.protocol.Claimed;
import dev.lockdrill.kata.leaseclaim.protocol.LeaseCall;
import dev.lockdrill.kata.leaseclaim.protocol.LeaseOp;
import dev.lockdrill.harness.lease.LeaseSchema;
import dev.lockdrill.harness.Recorder;
import dev.lockdrill.harness.ScenarioRig;
import dev.lockdrill.harness.Sql;
import dev.lockdrill.harness.WorkerDataSource;
import dev.lockdrill.harness.WorkloadContext;
import dev.lockdrill.katas.api.lease.Claim;
import dev.lockdrill.katas.api.lease.Completion;
import dev.lockdrill.katas.api.lease.LeaseQueue;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What every lease scenario uses: rows of its own id range, queues for workers (each in its own
 * "process", with its own clock), recorded claim/complete/extend calls, crashes, and the
 * storage's ground truth at the end.
 */
final class LeaseRig extends ScenarioRig implements AutoCloseable {
    private final long firstId;
    private final Map<String, WorkerDataSource> dataSources = new LinkedHashMap<>();
    private final Map<String, Duration> asked = new LinkedHashMap<>();
    private long nextId;

    LeaseRig(WorkloadContext context, Connection admin, String scenario, long firstId) {
        super(context, admin, scenario);
        this.firstId = firstId;
        this.nextId = firstId;
    }

    long firstId() {
        return firstId;
    }

    /** Inserts {@code count} due rows and returns their ids. */
    List<Long> insert(int count) throws SQLException {
        return insert(count, Duration.ofSeconds(1));
    }

    /** Inserts {@code count} rows that have been due for {@code overdue} and returns their ids. */
    List<Long> insert(int count, Duration overdue) throws SQLException {
        List<Long> ids = new ArrayList<>();
        try (PreparedStatement ps = admin.prepareStatement("INSERT INTO notifications(id, payload, next_attempt_at) "
                + "VALUES (?, ?, now() - " + overdue.toMillis() + " * interval '1 millisecond')")) {
            for (int i = 0; i < count; i++) {
                long id = nextId++;
                ps.setLong(1, id);
                ps.setString(2, scenario + " notification " + (id - firstId));
                ps.addBatch();
                ids.add(id);
            }
            ps.executeBatch();
        }
        return ids;
    }

    /** A new queue for a worker, loaded as if in its own process, on the worker's own pool. */
    LeaseQueue queue(String worker, Clock clock, Duration lease) throws SQLException {
        return queue(dataSources.computeIfAbsent(worker, w -> database().dataSource(w)), worker, clock, lease);
    }

    /** A new queue for a worker whose pool goes through the run's PgBouncer in transaction mode. */
    LeaseQueue pooledQueue(String worker, Duration lease) throws SQLException {
        return queue(dataSources.computeIfAbsent(worker, w -> database().pooledDataSource(w)), worker,
                Clock.systemUTC(), lease);
    }

    private LeaseQueue queue(WorkerDataSource dataSource, String worker, Clock clock, Duration lease)
            throws SQLException {
        dataSource.warmUp();
        asked.put(worker, lease);
        return context.implementation().create(LeaseQueue.class,
                new Class<?>[]{DataSource.class, Clock.class, Duration.class}, dataSource, clock, lease);
    }

    LeaseQueue queue(String worker, Duration lease) throws SQLException {
        return queue(worker, Clock.systemUTC(), lease);
    }

    WorkerDataSource dataSourceOf(String worker) {
        return dataSources.get(worker);
    }

    /** Claims and records; an exception is an unknown outcome and gives no claims. */
    List<Claim> claim(String worker, LeaseQueue queue, int max) {
        Recorder.Call<List<Claim>> call = recorder().call(scenario, worker, LeaseOp.CLAIM, new ClaimCall(max).toMap(),
                () -> queue.claim(worker, max), claims -> new Claimed(claims.stream()
                        .map(c -> new Claimed.Lease(c.id(), c.leaseToken())).toList()).toMap(),
                Recorder.OnError.UNKNOWN);
        return call.ok() ? call.value() : List.of();
    }

    /** Completes and records; returns null when the outcome is unknown. */
    Boolean complete(String worker, LeaseQueue queue, Claim claim, Completion outcome) {
        return answer(worker, LeaseOp.COMPLETE, new LeaseCall(claim.id(), claim.leaseToken(), outcome.state()),
                () -> queue.complete(claim, outcome));
    }

    Boolean extend(String worker, LeaseQueue queue, Claim claim) {
        return answer(worker, LeaseOp.EXTEND, new LeaseCall(claim.id(), claim.leaseToken(), null),
                () -> queue.extend(claim));
    }

    private Boolean answer(String worker, LeaseOp op, LeaseCall args, Recorder.Action<Boolean> action) {
        Recorder.Call<Boolean> call = recorder().call(scenario, worker, op, args.toMap(), action,
                accepted -> Map.of(Op.ACCEPTED, accepted), Recorder.OnError.UNKNOWN);
        return call.ok() ? call.value() : null;
    }

    /** The worker's process dies: its sessions are killed and it is never called again. */
    void crash(String worker, List<Claim> holding, long start) throws SQLException {
        int killed = killer().killAll(worker);
        recorder().fault(Faults.CRASH, scenario, worker, start, worker + " crashed holding "
                + holding.stream().map(c -> "row " + c.id() + " (token " + c.leaseToken() + ")").toList()
                + "; " + killed + " of its sessions were killed and it never completes them");
    }

    /** Whether every row of this scenario is finished. */
    boolean allFinished() throws SQLException {
        return Sql.rows(admin, "SELECT 1 FROM notifications WHERE id >= ? AND id < ? AND state NOT IN ('done', "
                + "'failed') LIMIT 1", firstId, nextId).isEmpty();
    }

    /** Records the storage's ground truth for this scenario's rows: the audit trail and the final rows. */
    void observeStorage() throws SQLException {
        recorder().observe("audit", scenario, Sql.rows(admin, LeaseSchema.auditQuery(), firstId, nextId));
        recorder().observe("final", scenario, Sql.rows(admin, LeaseSchema.finalQuery(), firstId, nextId));
        recorder().observe(LeaseSchema.ASKED, scenario, asked.entrySet().stream()
                .map(e -> LeaseSchema.askedRow(e.getKey(), e.getValue())).toList());
    }

    /**
     * Ends the scenario: kills whatever sessions its workers left open, closes their pools, removes its
     * rows and their audit trail (a later scenario of the process may use the same ids: explored
     * schedules start theirs where their seed says).
     */
    @Override
    public void close() throws SQLException {
        LeaseSchema.killSessions(admin, database(), dataSources.keySet());
        dataSources.values().forEach(WorkerDataSource::close);
        for (String table : List.of("notifications", "lockdrill_claim_audit")) {
            try (PreparedStatement ps = admin.prepareStatement("DELETE FROM " + table + " WHERE id >= ? AND id < ?")) {
                ps.setLong(1, firstId);
                ps.setLong(2, nextId);
                ps.executeUpdate();
            }
        }
    }
}
