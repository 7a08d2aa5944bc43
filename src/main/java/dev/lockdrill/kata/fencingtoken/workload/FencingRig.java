package dev.lockdrill.kata.fencingtoken.workload;

import dev.lockdrill.harness.Failures;
import dev.lockdrill.harness.Pause;
import dev.lockdrill.harness.Recorder;
import dev.lockdrill.harness.ScenarioRig;
import dev.lockdrill.harness.Sql;
import dev.lockdrill.harness.WorkerDataSource;
import dev.lockdrill.harness.WorkloadContext;
import dev.lockdrill.history.Faults;
import dev.lockdrill.history.Op;
import dev.lockdrill.kata.fencingtoken.protocol.FencingObservations;
import dev.lockdrill.kata.fencingtoken.protocol.FencingOps;
import dev.lockdrill.kata.fencingtoken.protocol.LeaseGrant;
import dev.lockdrill.kata.fencingtoken.protocol.Read;
import dev.lockdrill.kata.fencingtoken.protocol.ReadResult;
import dev.lockdrill.kata.fencingtoken.protocol.Write;
import dev.lockdrill.katas.api.fencing.FencedStore;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What every fencing scenario uses: stores for workers (each in its own "process"), recorded
 * writes and reads, the harness's lease service, and ground truth at the end.
 */
final class FencingRig extends ScenarioRig implements AutoCloseable {
    private final List<WorkerDataSource> dataSources = new ArrayList<>();
    private final Map<String, WorkerDataSource> byWorker = new LinkedHashMap<>();

    FencingRig(WorkloadContext context, Connection admin, String scenario) {
        super(context, admin, scenario);
    }

    /** A key private to this scenario. */
    String key(String name) {
        return scenario + "/" + name;
    }

    /** A new store instance for a worker, loaded as if in its own process, on the worker's own pool. */
    FencedStore store(String worker) throws SQLException {
        WorkerDataSource dataSource = database().dataSource(worker);
        dataSource.warmUp();
        dataSources.add(dataSource);
        byWorker.put(worker, dataSource);
        return context.implementation().create(FencedStore.class, new Class<?>[]{DataSource.class}, dataSource);
    }

    WorkerDataSource dataSourceOf(String worker) {
        return byWorker.get(worker);
    }

    WriteResult write(String worker, FencedStore store, String key, long token, String value) {
        Recorder.Call<Boolean> call = recorder().call(scenario, worker, FencingOps.WRITE,
                new Write(key, token, value).toMap(), () -> store.write(key, token, value),
                accepted -> Map.of(Op.ACCEPTED, accepted), Recorder.OnError.UNKNOWN);
        if (!call.ok()) {
            return WriteResult.UNKNOWN;
        }
        return call.value() ? WriteResult.ACCEPTED : WriteResult.REJECTED;
    }

    void read(String worker, FencedStore store, String key) {
        recorder().call(scenario, worker, FencingOps.READ, new Read(key).toMap(), () -> store.read(key),
                value -> value.map(v -> new ReadResult(true, String.valueOf(v.value()), v.token()))
                        .orElse(ReadResult.nothing()).toMap(),
                Recorder.OnError.FAILED);
    }

    /** Takes the named lease from the harness's lease service, retrying until the current one expires. */
    long acquireLease(String worker, String lease, long ttlMillis) throws SQLException {
        Recorder.PendingOp op = recorder().invoke(scenario, worker, FencingOps.ACQUIRE,
                new LeaseGrant(lease, ttlMillis).toMap());
        try (Connection c = database().connect("lease-" + worker)) {
            for (int attempt = 1; ; attempt++) {
                List<Map<String, Object>> rows = Sql.rows(c, """
                        INSERT INTO lockdrill_lease(name, holder, token, expires_at)
                        VALUES (?, ?, nextval('lockdrill_fence'), clock_timestamp() + ? * interval '1 millisecond')
                        ON CONFLICT (name) DO UPDATE
                          SET holder = EXCLUDED.holder, token = EXCLUDED.token, expires_at = EXCLUDED.expires_at
                          WHERE lockdrill_lease.expires_at <= clock_timestamp()
                        RETURNING token""", lease, worker, ttlMillis);
                if (!rows.isEmpty()) {
                    long token = ((Number) rows.get(0).get("token")).longValue();
                    op.ok(LeaseGrant.result(token, attempt));
                    return token;
                }
                Pause.millis(5);
            }
        } catch (SQLException e) {
            op.info(Failures.describe(e));
            throw e;
        }
    }

    /**
     * Takes the named lease at once, for the explorer: a lease another worker still holds runs out
     * now, as if the lease service's clock had jumped past its expiry (recorded as a clock-jump fault
     * on that holder). Who holds which token then follows the schedule's steps, not how long each
     * took: a replayed schedule grants the same tokens in the same order at any load. The fence must
     * cope with a holder whose lease ran out, however it ran out.
     */
    long takeLeaseNow(String worker, String lease, long ttlMillis) throws SQLException {
        Recorder.PendingOp op = recorder().invoke(scenario, worker, FencingOps.ACQUIRE,
                new LeaseGrant(lease, ttlMillis).toMap());
        long start = recorder().now();
        try (Connection c = database().connect("lease-" + worker)) {
            // FOR UPDATE: a taker that raced another sees the row the other left, not its snapshot's
            Map<String, Object> row = Sql.rows(c, """
                    WITH old AS (SELECT holder, expires_at > clock_timestamp() AS live
                                 FROM lockdrill_lease WHERE name = ? FOR UPDATE)
                    INSERT INTO lockdrill_lease(name, holder, token, expires_at)
                    VALUES (?, ?, nextval('lockdrill_fence'), clock_timestamp() + ? * interval '1 millisecond')
                    ON CONFLICT (name) DO UPDATE
                      SET holder = EXCLUDED.holder, token = EXCLUDED.token, expires_at = EXCLUDED.expires_at
                    RETURNING token, (SELECT holder FROM old) AS previous, (SELECT live FROM old) AS live""",
                    lease, lease, worker, ttlMillis).get(0);
            long token = ((Number) row.get("token")).longValue();
            Object previous = row.get("previous");
            if (Boolean.TRUE.equals(row.get("live")) && previous != null && !previous.equals(worker)) {
                recorder().fault(Faults.CLOCK_JUMP, scenario, previous.toString(), start, previous + "'s lease on "
                        + lease + " ran out early: the lease service's clock jumped past its expiry");
            }
            op.ok(LeaseGrant.result(token, 1));
            return token;
        } catch (SQLException e) {
            op.info(Failures.describe(e));
            throw e;
        }
    }

    /** Records the storage's ground truth for this scenario's keys: the audit trail and the final rows. */
    void observeStorage() throws SQLException {
        String prefix = scenario + "/%";
        recorder().observe(FencingObservations.AUDIT.label(), scenario, Sql.rows(admin, """
                SELECT seq, key, op, old_token AS "oldToken", new_token AS "newToken", new_value AS "newValue", app
                FROM lockdrill_audit WHERE key LIKE ? ORDER BY seq""", prefix));
        recorder().observe(FencingObservations.FINAL.label(), scenario, Sql.rows(admin,
                "SELECT key, value, token FROM fenced_resource WHERE key LIKE ? ORDER BY key", prefix));
    }

    @Override
    public void close() {
        dataSources.forEach(WorkerDataSource::close);
    }
}
