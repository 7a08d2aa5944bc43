package dev.lockdrill.kata.pglockservice.workload;

import dev.lockdrill.harness.Recorder;
import dev.lockdrill.harness.ScenarioRig;
import dev.lockdrill.harness.Sql;
import dev.lockdrill.harness.WorkerDataSource;
import dev.lockdrill.harness.WorkloadContext;
import dev.lockdrill.history.Op;
import dev.lockdrill.kata.pglockservice.protocol.AcquireCall;
import dev.lockdrill.kata.pglockservice.protocol.DbTime;
import dev.lockdrill.kata.pglockservice.protocol.FencedWrite;
import dev.lockdrill.kata.pglockservice.protocol.Granted;
import dev.lockdrill.kata.pglockservice.protocol.LeaseCall;
import dev.lockdrill.kata.pglockservice.protocol.LockObservations;
import dev.lockdrill.kata.pglockservice.protocol.LockOps;
import dev.lockdrill.katas.api.lockservice.Lease;
import dev.lockdrill.katas.api.lockservice.LockService;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * What every lock-service scenario uses: a service per worker (its own process, pool and clock),
 * recorded calls bracketed by the database's clock (so the checks reason in DB time), the
 * protected resource (a fenced table the harness writes on the holder's behalf) and kills.
 */
final class LockRig extends ScenarioRig implements AutoCloseable {
    private final List<WorkerDataSource> dataSources = new ArrayList<>();
    private final HarnessSessions sessions;

    LockRig(WorkloadContext context, Connection admin, HarnessSessions sessions, String scenario) {
        super(context, admin, scenario);
        this.sessions = sessions;
    }

    String name(String lock) {
        return scenario + "/" + lock;
    }

    LockService service(String worker, String holder, Clock clock) throws SQLException {
        return service(database().dataSource(worker), holder, clock);
    }

    /** A service whose DataSource goes through the run's PgBouncer in transaction mode. */
    LockService pooledService(String worker, String holder, Clock clock) throws SQLException {
        return service(database().pooledDataSource(worker), holder, clock);
    }

    private LockService service(WorkerDataSource dataSource, String holder, Clock clock) throws SQLException {
        dataSource.warmUp();
        dataSources.add(dataSource);
        return context.implementation().create(LockService.class,
                new Class<?>[]{DataSource.class, String.class, Clock.class}, dataSource, holder, clock);
    }

    WorkerDataSource dataSource(String worker) {
        return dataSources.stream().filter(d -> d.worker().equals(worker)).findFirst().orElseThrow();
    }

    Optional<Lease> acquire(String worker, LockService service, String name, long ttlMillis) {
        Recorder.Call<Optional<Lease>> call = call(worker, LockOps.ACQUIRE, new AcquireCall(name, ttlMillis).toMap(),
                () -> service.tryAcquire(name, Duration.ofMillis(ttlMillis)),
                lease -> lease.map(l -> new Granted(l.token(), String.valueOf(l.holder()), String.valueOf(l.name()))
                        .toMap()).orElse(Map.of()), Optional::isPresent);
        return call.ok() ? call.value() : Optional.empty();
    }

    boolean renew(String worker, LockService service, Lease lease, long ttlMillis) {
        LeaseCall args = new LeaseCall(String.valueOf(lease.name()), lease.token(), String.valueOf(lease.holder()),
                ttlMillis);
        Recorder.Call<Boolean> call = call(worker, LockOps.RENEW, args.toMap(),
                () -> service.renew(lease, Duration.ofMillis(ttlMillis)), renewed -> Map.of(), renewed -> renewed);
        return call.ok() && call.value();
    }

    boolean release(String worker, LockService service, Lease lease) {
        LeaseCall args = LeaseCall.release(String.valueOf(lease.name()), lease.token(), String.valueOf(lease.holder()));
        Recorder.Call<Boolean> call = call(worker, LockOps.RELEASE, args.toMap(), () -> service.release(lease),
                released -> Map.of(), released -> released);
        return call.ok() && call.value();
    }

    /** The holder's work on the protected resource, fenced by its token (written by the harness). */
    boolean fencedWrite(String worker, Lease lease, String value) {
        Recorder.PendingOp op = recorder().invoke(scenario, worker, LockOps.FENCED_WRITE,
                new FencedWrite(lease.name(), lease.token(), value).toMap());
        boolean accepted = query(worker, """
                INSERT INTO protected_resource(key, value, token) VALUES (?, ?, ?)
                ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, token = EXCLUDED.token
                  WHERE protected_resource.token <= EXCLUDED.token
                RETURNING token""", lease.name(), value, lease.token()).size() == 1;
        op.answered(accepted, Map.of());
        return accepted;
    }

    /** Records the tokens the locks table took for this scenario's names, in the order it took them. */
    void observeLockHistory() throws SQLException {
        recorder().observe(LockObservations.LOCK_HISTORY, scenario, Sql.rows(admin, """
                SELECT seq, name, op, token, app, live FROM lockdrill_lock_history WHERE name LIKE ? ORDER BY seq""",
                scenario + "/%"));
    }

    /**
     * Moves the token sequence on, so that the next tokens are drawn from {@code next} on, or from
     * where it already is when that is further: never back, and never onto a value it handed out
     * (once {@code is_called}, its {@code last_value} was drawn already).
     */
    void skipTokensTo(long next) throws SQLException {
        Sql.rows(admin, "SELECT setval('lock_fence', greatest(?, (SELECT CASE WHEN is_called THEN last_value + 1 "
                + "ELSE last_value END FROM lock_fence)), false)", next);
    }

    /**
     * Kills every PostgreSQL session of the worker's pool and waits (up to 3 s each) until they
     * have exited, so whatever they held is released; returns how many were killed.
     */
    int killSessions(String worker) {
        return query(worker, "SELECT pg_terminate_backend(pid, 3000) FROM pg_stat_activity WHERE application_name = ?",
                database().applicationName(worker)).size();
    }

    /**
     * One lock call, bracketed by the database's clock: its answer becomes the op's accepted field,
     * with the lease fields of a grant and the clock reading after it.
     */
    private <T> Recorder.Call<T> call(String worker, LockOps f, Map<String, Object> args, Recorder.Action<T> action,
                                      Function<T, Map<String, Object>> fields,
                                      Predicate<T> accepted) {
        Map<String, Object> withTime = new LinkedHashMap<>(args);
        withTime.put(DbTime.BEFORE, dbMicros(worker));
        return recorder().call(scenario, worker, f, withTime, action, value -> {
            Map<String, Object> result = new LinkedHashMap<>(fields.apply(value));
            result.put(Op.ACCEPTED, accepted.test(value));
            result.put(DbTime.AFTER, dbMicros(worker));
            return result;
        }, Recorder.OnError.UNKNOWN);
    }

    /** The database's clock, in microseconds since the epoch, read on the worker's own harness session. */
    long dbMicros(String worker) {
        return ((Number) query(worker, "SELECT (extract(epoch FROM clock_timestamp()) * 1000000)::bigint AS micros")
                .get(0).get("micros")).longValue();
    }

    private List<Map<String, Object>> query(String worker, String sql, Object... params) {
        return sessions.query(worker, sql, params);
    }

    @Override
    public void close() {
        dataSources.forEach(WorkerDataSource::close);
    }
}
