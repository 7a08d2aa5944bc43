package dev.lockdrill.kata.doublesend.workload;

import dev.lockdrill.support.Text;
import dev.lockdrill.harness.Pause;
import dev.lockdrill.harness.Recorder;
import dev.lockdrill.harness.ScenarioRig;
import dev.lockdrill.harness.Sql;
import dev.lockdrill.harness.WorkerDataSource;
import dev.lockdrill.harness.Workers;
import dev.lockdrill.harness.WorkloadContext;
import dev.lockdrill.harness.lease.LeaseSchema;
import dev.lockdrill.kata.doublesend.protocol.Drained;
import dev.lockdrill.kata.doublesend.protocol.InjectedFault;
import dev.lockdrill.kata.doublesend.protocol.ProviderFault;
import dev.lockdrill.kata.doublesend.protocol.SendObservations;
import dev.lockdrill.kata.doublesend.protocol.SendOp;
import dev.lockdrill.katas.api.send.NotificationWorker;
import dev.lockdrill.katas.api.send.PushProvider;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * What every double-send scenario uses: notifications of its own id range, the fake provider and
 * its fault plan, workers (each its own "process" that can crash) running their drain loop until
 * everything is finished, and the ground truth at the end.
 */
final class SendRig extends ScenarioRig implements AutoCloseable {
    static final long IDLE_MILLIS = 10;
    private final Connection observer;
    private final long firstId;
    private final FakeProvider provider;
    private final Duration lease;
    private final Map<Long, ProviderFault> plan = new ConcurrentHashMap<>();
    private final Map<String, WorkerDataSource> dataSources = new LinkedHashMap<>();
    private final List<WorkerDataSource> pools = new ArrayList<>();
    private final List<Map<String, Object>> injected = new ArrayList<>();
    private final Map<String, NotificationWorker> explored = new ConcurrentHashMap<>();
    private final Map<Long, Long> insertedAgain = new ConcurrentHashMap<>();
    private long nextId;

    SendRig(WorkloadContext context, Connection admin, String scenario, long firstId, FakeProvider provider,
            Duration lease) throws SQLException {
        super(context, admin, scenario);
        this.observer = context.requireDatabase().connect("observer");
        this.firstId = firstId;
        this.nextId = firstId;
        this.provider = provider;
        this.lease = lease;
    }

    FakeProvider provider() {
        return provider;
    }

    Duration lease() {
        return lease;
    }

    /** Inserts due notifications; {@code revoked} of them go to a revoked device token. */
    List<Long> insert(int count, int revoked) throws SQLException {
        List<Long> ids = new ArrayList<>();
        try (PreparedStatement ps = admin.prepareStatement("INSERT INTO notifications(id, recipient, payload, "
                + "next_attempt_at) VALUES (?, ?, ?, now() - interval '1 second')")) {
            for (int i = 0; i < count; i++) {
                long id = nextId++;
                ps.setLong(1, id);
                ps.setString(2, i < revoked ? FakeProvider.REVOKED : "device-" + (id % 7));
                ps.setString(3, "notification " + id + " (" + scenario + ")");
                ps.addBatch();
                ids.add(id);
            }
            ps.executeBatch();
        }
        return ids;
    }

    /**
     * Inserts each finished notification again, with a new id and the same recipient and payload.
     * From then on a message with that body is the new notification's: call it
     * only once the first one is finished and nobody sends it any more.
     */
    void insertAgain(List<Long> finished) throws SQLException {
        try (PreparedStatement ps = admin.prepareStatement("INSERT INTO notifications(id, recipient, payload, "
                + "next_attempt_at) SELECT ?, recipient, payload, now() - interval '1 second' FROM notifications "
                + "WHERE id = ?")) {
            for (long first : finished) {
                long id = nextId++;
                ps.setLong(1, id);
                ps.setLong(2, first);
                ps.addBatch();
                insertedAgain.put(first, id);
            }
            ps.executeBatch();
        }
    }

    /** The notification a message body belongs to: the latest one inserted with that body. */
    long notificationOf(String body) {
        long id;
        try {
            id = Long.parseLong(body.substring("notification ".length(), body.indexOf(' ', 13)));
        } catch (RuntimeException e) {
            return -1;
        }
        return insertedAgain.getOrDefault(id, id);
    }

    void plan(long notification, ProviderFault fault) {
        plan.put(notification, fault);
    }

    /** The planned fault for a notification, once: only its first request is hit. */
    ProviderFault takeFault(long notification) {
        return plan.remove(notification);
    }

    /** Runs the workers' drain loops until every notification is finished or the deadline passes. */
    void drain(List<String> workers, long deadlineMillis) throws Exception {
        List<NotificationWorker> instances = new ArrayList<>();
        for (String worker : workers) {
            instances.add(worker(worker));
        }
        AtomicBoolean stop = new AtomicBoolean();
        try (Workers threads = new Workers()) {
            for (int w = 0; w < workers.size(); w++) {
                String name = workers.get(w);
                NotificationWorker instance = instances.get(w);
                threads.start(name, () -> loop(name, instance, stop));
            }
            long deadline = System.nanoTime() + deadlineMillis * 1_000_000;
            while (!allFinished() && System.nanoTime() < deadline) {
                Pause.millis(20);
            }
            stop.set(true);
            threads.awaitAll();
        }
    }

    /**
     * One drainOnce() of the worker, recorded as its loop records it (an explored step); a worker
     * whose process crashed is started again first, as a fresh process with the same name.
     */
    void drainOnce(String worker) throws SQLException {
        NotificationWorker instance = explored.get(worker);
        if (instance == null || dataSources.get(worker).crashed()) {
            instance = worker(worker);
            explored.put(worker, instance);
        }
        recorder().call(scenario, worker, SendOp.DRAIN, Map.of(), instance::drainOnce,
                claimed -> new Drained(claimed).toMap(), Recorder.OnError.UNKNOWN);
    }

    private void loop(String worker, NotificationWorker instance, AtomicBoolean stop) {
        WorkerDataSource dataSource = dataSources.get(worker);
        while (!stop.get() && !dataSource.crashed()) {
            Recorder.Call<Integer> call = recorder().call(scenario, worker, SendOp.DRAIN, Map.of(),
                    instance::drainOnce, claimed -> new Drained(claimed).toMap(), Recorder.OnError.UNKNOWN);
            if (call.error() instanceof WorkerCrashed) {
                return;
            }
            if (!call.ok() || call.value() == 0) {
                Pause.millis(IDLE_MILLIS);
            }
        }
    }

    private NotificationWorker worker(String worker) throws SQLException {
        WorkerDataSource pool = context.requireDatabase().dataSource(worker);
        pool.warmUp();
        pools.add(pool);
        dataSources.put(worker, pool);
        return context.implementation().create(NotificationWorker.class,
                new Class<?>[]{DataSource.class, PushProvider.class, String.class, Duration.class},
                pool, new ProviderClient(this, worker), worker, lease);
    }

    /** The worker's process dies: no more connections, its sessions killed. */
    void crash(String worker, long notification, ProviderFault fault, long start) {
        dataSources.get(worker).crash();
        int killed;
        try {
            killed = killer().killAll(worker);
        } catch (SQLException e) {
            killed = 0;
        }
        injected(worker, notification, fault, start);
        recorder().progress(scenario, worker + " crashed; " + Text.count(killed, "session") + " killed");
    }

    /** Records an injected fault, as a fault event and as a row the checks can count per notification. */
    void injected(String worker, long notification, ProviderFault fault, long start) {
        synchronized (injected) {
            injected.add(new InjectedFault(notification, fault.label(), worker).toMap());
        }
        recorder().fault(fault, scenario, worker, start, describe(fault, worker, notification));
    }

    private String describe(ProviderFault fault, String worker, long id) {
        switch (fault) {
            case PAUSE_AFTER_SEND:
                return worker + " froze right after the provider accepted notification " + id + ", past its lease";
            case DROP_RESPONSE:
                return "the provider processed notification " + id + " from " + worker + ", then the response was lost";
            case REQUEST_LOST:
                return worker + "'s request for notification " + id + " was lost before the provider saw it; "
                        + "it got a timeout";
            case CRASH_AFTER_SEND:
                return worker + " crashed after the provider accepted notification " + id + ", before marking it";
            case CRASH_DURING_SEND:
                return worker + " crashed while sending notification " + id + "; the request never arrived";
            default:
                return "the provider held " + worker + "'s request for notification " + id
                        + " in flight until someone sent it again";
        }
    }

    synchronized boolean isFinished(long notification) {
        try {
            return Sql.rows(observer, "SELECT 1 FROM notifications WHERE id = ? AND state IN ('sent', 'failed')",
                    notification).size() == 1;
        } catch (SQLException e) {
            return false;
        }
    }

    synchronized boolean allFinished() throws SQLException {
        return Sql.rows(observer, "SELECT 1 FROM notifications WHERE id >= ? AND id < ? AND state NOT IN ('sent', "
                + "'failed') LIMIT 1", firstId, nextId).isEmpty();
    }

    void observe() throws SQLException {
        recorder().observe("audit", scenario, Sql.rows(admin, LeaseSchema.auditQuery(), firstId, nextId));
        recorder().observe("final", scenario, Sql.rows(admin, LeaseSchema.finalQuery(), firstId, nextId));
        recorder().observe(LeaseSchema.ASKED, scenario, dataSources.keySet().stream()
                .map(worker -> LeaseSchema.askedRow(worker, lease)).toList());
        recorder().observe(SendObservations.ledger(provider.kind()), scenario, provider.ledger());
        synchronized (injected) {
            recorder().observe(SendObservations.INJECTED, scenario, List.copyOf(injected));
        }
    }

    @Override
    public void close() throws SQLException {
        LeaseSchema.killSessions(admin, context.requireDatabase(), dataSources.keySet());
        pools.forEach(WorkerDataSource::close);
        observer.close();
        try (PreparedStatement ps = admin.prepareStatement("DELETE FROM notifications WHERE id >= ? AND id < ?")) {
            ps.setLong(1, firstId);
            ps.setLong(2, nextId);
            ps.executeUpdate();
        }
    }
}
