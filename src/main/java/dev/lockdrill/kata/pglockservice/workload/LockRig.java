package dev.lockdrill.kata.pglockservice.workload;

import dev.lockdrill.harness.Database;
import dev.lockdrill.harness.Recorder;
import dev.lockdrill.harness.Seeds;
import dev.lockdrill.harness.WorkerDataSource;
import dev.lockdrill.harness.WorkloadContext;
import dev.lockdrill.katas.api.lockservice.Lease;
import dev.lockdrill.katas.api.lockservice.LockService;

import javax.sql.DataSource;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * What every lock-service scenario uses: a service per worker (its own process, pool and clock),
 * recorded calls bracketed by the database's clock (so the checks reason in DB time), the
 * protected resource (a fenced table the harness writes on the holder's behalf) and kills.
 */
final class LockRig implements AutoCloseable {
    private final WorkloadContext context;
    private final String scenario;
    private final SplittableRandom random;
    private final List<WorkerDataSource> dataSources = new ArrayList<>();
    private final HarnessSessions sessions;

    LockRig(WorkloadContext context, HarnessSessions sessions, String scenario) {
        this.context = context;
        this.sessions = sessions;
        this.scenario = scenario;
        this.random = Seeds.forScenario(context.seed(), scenario);
    }

    String scenario() {
        return scenario;
    }

    SplittableRandom random() {
        return random;
    }

    Recorder recorder() {
        return context.recorder();
    }

    Database database() {
        return context.requireDatabase();
    }

    String name(String lock) {
        return scenario + "/" + lock;
    }

    LockService service(String worker, String holder, Clock clock) throws SQLException {
        WorkerDataSource dataSource = database().dataSource(worker);
        dataSource.warmUp();
        dataSources.add(dataSource);
        return context.implementation().create(LockService.class,
                new Class<?>[]{DataSource.class, String.class, Clock.class}, dataSource, holder, clock);
    }

    WorkerDataSource dataSource(String worker) {
        return dataSources.stream().filter(d -> d.worker().equals(worker)).findFirst().orElseThrow();
    }

    Optional<Lease> acquire(String worker, LockService service, String name, long ttlMillis) {
        Map<String, Object> args = new LinkedHashMap<>(Map.of("name", name, "ttlMs", ttlMillis));
        Recorder.PendingOp op = invoke(worker, "acquire", args);
        try {
            Optional<Lease> lease = service.tryAcquire(name, Duration.ofMillis(ttlMillis));
            Map<String, Object> result = new LinkedHashMap<>(Map.of("acquired", lease.isPresent(),
                    "dbAfter", dbMicros(worker)));
            lease.ifPresent(l -> {
                result.put("token", l.token());
                result.put("holder", String.valueOf(l.holder()));
                result.put("leaseName", String.valueOf(l.name()));
            });
            op.ok(result);
            return lease;
        } catch (Exception | Error e) {
            op.info(describe(e));
            return Optional.empty();
        }
    }

    boolean renew(String worker, LockService service, Lease lease, long ttlMillis) {
        Recorder.PendingOp op = invoke(worker, "renew", leaseArgs(lease, Map.of("ttlMs", ttlMillis)));
        try {
            boolean renewed = service.renew(lease, Duration.ofMillis(ttlMillis));
            op.ok(Map.of("renewed", renewed, "dbAfter", dbMicros(worker)));
            return renewed;
        } catch (Exception | Error e) {
            op.info(describe(e));
            return false;
        }
    }

    boolean release(String worker, LockService service, Lease lease) {
        Recorder.PendingOp op = invoke(worker, "release", leaseArgs(lease, Map.of()));
        try {
            boolean released = service.release(lease);
            op.ok(Map.of("released", released, "dbAfter", dbMicros(worker)));
            return released;
        } catch (Exception | Error e) {
            op.info(describe(e));
            return false;
        }
    }

    /** The holder's work on the protected resource, fenced by its token (written by the harness). */
    boolean fencedWrite(String worker, Lease lease, String value) {
        Recorder.PendingOp op = recorder().invoke(scenario, worker, "fenced-write", Map.of(
                "key", lease.name(), "token", lease.token(), "value", value));
        boolean accepted = query(worker, """
                INSERT INTO protected_resource(key, value, token) VALUES (?, ?, ?)
                ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, token = EXCLUDED.token
                  WHERE protected_resource.token <= EXCLUDED.token
                RETURNING token""", lease.name(), value, lease.token()).size() == 1;
        op.ok(Map.of("accepted", accepted));
        return accepted;
    }

    /**
     * Kills every PostgreSQL session of the worker's pool and waits (up to 3 s each) until they
     * have exited, so whatever they held is released; returns how many were killed.
     */
    int killSessions(String worker) {
        return query(worker, "SELECT pg_terminate_backend(pid, 3000) FROM pg_stat_activity WHERE application_name = ?",
                database().applicationName(worker)).size();
    }

    private Recorder.PendingOp invoke(String worker, String f, Map<String, Object> args) {
        Map<String, Object> withTime = new LinkedHashMap<>(args);
        withTime.put("dbBefore", dbMicros(worker));
        return recorder().invoke(scenario, worker, f, withTime);
    }

    private static Map<String, Object> leaseArgs(Lease lease, Map<String, Object> extra) {
        Map<String, Object> args = new LinkedHashMap<>(extra);
        args.put("name", String.valueOf(lease.name()));
        args.put("token", lease.token());
        args.put("holder", String.valueOf(lease.holder()));
        return args;
    }

    /** The database's clock, in microseconds since the epoch, read on the worker's own harness session. */
    private long dbMicros(String worker) {
        return ((Number) query(worker, "SELECT (extract(epoch FROM clock_timestamp()) * 1000000)::bigint AS micros")
                .get(0).get("micros")).longValue();
    }

    private List<Map<String, Object>> query(String worker, String sql, Object... params) {
        return sessions.query(worker, sql, params);
    }

    static String describe(Throwable e) {
        String message = e.getMessage();
        return e.getClass().getSimpleName() + (message == null ? "" : ": " + message.lines().findFirst().orElse(""));
    }

    @Override
    public void close() {
        dataSources.forEach(WorkerDataSource::close);
    }
}
