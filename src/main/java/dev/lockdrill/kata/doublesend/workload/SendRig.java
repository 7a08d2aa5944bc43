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
import dev.lockdrill.kata.doublesend.protocol.LedgerEntry;
import dev.lockdrill.kata.doublesend.protocol.ProviderFault;
import dev.lockdrill.kata.doublesend.protocol.SendObservations;
import dev.lockdrill.kata.doublesend.protocol.SendOp;
import dev.lockdrill.katas.api.send.Message;
import dev.lockdrill.katas.api.send.NotificationWorker;
import dev.lockdrill.katas.api.send.PushProvider;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

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
    private final Map<Content, List<Long>> byContent = new ConcurrentHashMap<>();
    private final Map<Long, Content> contents = new ConcurrentHashMap<>();
    private final Map<Long, AtomicInteger> requests = new ConcurrentHashMap<>();
    private long nextId;

    /** What a message carries of a notification: its recipient and its payload (the body). */
    private record Content(String recipient, String payload) {
    }

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
        List<Content> rows = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            long id = nextId + i;
            rows.add(new Content(i < revoked ? FakeProvider.REVOKED : "device-" + (id % 7),
                    "notification " + id + " (" + scenario + ")"));
        }
        return insert(rows);
    }

    /** Inserts one due notification per payload, all to {@code recipient}: the same payload twice is two notifications. */
    List<Long> insert(String recipient, List<String> payloads) throws SQLException {
        return insert(payloads.stream().map(payload -> new Content(recipient, payload)).toList());
    }

    /** Inserts each given notification again (a notification listed twice, twice), with a new id and the same recipient and payload. */
    void insertAgain(List<Long> finished) throws SQLException {
        insert(finished.stream().map(contents::get).toList());
    }

    private List<Long> insert(List<Content> rows) throws SQLException {
        List<Long> ids = new ArrayList<>();
        try (PreparedStatement ps = admin.prepareStatement("INSERT INTO notifications(id, recipient, payload, "
                + "next_attempt_at) VALUES (?, ?, ?, now() - interval '1 second')")) {
            for (Content row : rows) {
                long id = nextId++;
                ps.setLong(1, id);
                ps.setString(2, row.recipient());
                ps.setString(3, row.payload());
                ps.addBatch();
                ids.add(id);
            }
            ps.executeBatch();
        }
        for (int i = 0; i < ids.size(); i++) {
            contents.put(ids.get(i), rows.get(i));
            byContent.computeIfAbsent(rows.get(i), c -> new CopyOnWriteArrayList<>()).add(ids.get(i));
        }
        return ids;
    }

    /**
     * The notification a worker's message is for, by what the harness inserted and what the
     * database says, never by reading the body: the notification with that recipient and payload
     * (-1: none, the body was not the payload). Of several identical ones, the database decides
     * ({@link #amongIdentical}); among equals, the one that has had the fewest requests, so identical
     * notifications sent once each are told apart.
     */
    long notificationOf(String worker, Message message) {
        List<Long> candidates = byContent.getOrDefault(new Content(message.recipient(), message.body()), List.of());
        if (candidates.isEmpty()) {
            return -1;
        }
        long chosen = candidates.size() == 1 ? candidates.get(0) : amongIdentical(worker, List.copyOf(candidates));
        requests.computeIfAbsent(chosen, id -> new AtomicInteger()).incrementAndGet();
        return chosen;
    }

    /**
     * Of identical notifications, the one this worker's session holds now (it locked or changed the
     * row in a transaction still open: the row's xmax is that transaction's id), then one it claimed
     * (the row names it as claimer, or its session made the row's last committed change) that is
     * not finished, then an unfinished one no other session holds, then any unfinished, then any.
     */
    private synchronized long amongIdentical(String worker, List<Long> candidates) {
        Map<Long, Integer> rank = new HashMap<>();
        candidates.forEach(id -> rank.put(id, 2));
        String session = context.requireDatabase().applicationName(worker);
        try (PreparedStatement ps = observer.prepareStatement("""
                SELECT n.id, n.state IN ('sent', 'failed') AS finished, holder.application_name AS holder,
                       coalesce(n.claimed_by = ?, false) OR coalesce(last.app = ?, false) AS claimed
                FROM notifications n
                LEFT JOIN pg_stat_activity holder ON holder.backend_xid = n.xmax
                LEFT JOIN LATERAL (SELECT app FROM lockdrill_claim_audit a WHERE a.id = n.id
                                   ORDER BY a.seq DESC LIMIT 1) last ON true
                WHERE n.id = ANY (?)""")) {
            ps.setString(1, worker);
            ps.setString(2, session);
            ps.setArray(3, observer.createArrayOf("bigint", candidates.toArray()));
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    String holder = rs.getString(3);
                    boolean finished = rs.getBoolean(2);
                    rank.put(rs.getLong(1), session.equals(holder) ? 0 : finished ? 4 : rs.getBoolean(4) ? 1
                            : holder == null ? 2 : 3);
                }
            }
        } catch (SQLException e) {
            candidates.forEach(id -> rank.put(id, 2));
        }
        return candidates.stream().min(Comparator.comparingInt((Long id) -> rank.get(id))
                .thenComparingInt(id -> requests.getOrDefault(id, new AtomicInteger()).get())
                .thenComparingLong(id -> id)).orElseThrow();
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

    /** The worker's pool, the worker started first (as {@link #drainOnce} starts it) if it is not running. */
    WorkerDataSource pool(String worker) throws SQLException {
        if (!explored.containsKey(worker) || dataSources.get(worker).crashed()) {
            explored.put(worker, worker(worker));
        }
        return dataSources.get(worker);
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
    void crash(String worker, long notification, ProviderFault fault, long start, long request) {
        dataSources.get(worker).crash();
        int killed;
        try {
            killed = killer().killAll(worker);
        } catch (SQLException e) {
            killed = 0;
        }
        injected(worker, notification, fault, start, request);
        recorder().progress(scenario, worker + " crashed; " + Text.count(killed, "session") + " killed");
    }

    /**
     * Records an injected fault, as a fault event and as a row the checks can count per notification;
     * {@code request}: the ledger seq of the request it struck (0: none reached the provider).
     */
    void injected(String worker, long notification, ProviderFault fault, long start, long request) {
        synchronized (injected) {
            injected.add(new InjectedFault(notification, fault.label(), worker, request).toMap());
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

    /**
     * Records the ground truth: the lease audit, the final rows, the leases asked, the provider's
     * ledger (requests among identical notifications settled from effects: {@link IdenticalAttribution})
     * and the injected faults, each following the request it struck.
     */
    void observe() throws SQLException {
        List<Map<String, Object>> audit = Sql.rows(admin, LeaseSchema.auditQuery(), firstId, nextId);
        recorder().observe("audit", scenario, audit);
        recorder().observe("final", scenario, Sql.rows(admin, LeaseSchema.finalQuery(), firstId, nextId));
        recorder().observe(LeaseSchema.ASKED, scenario, dataSources.keySet().stream()
                .map(worker -> LeaseSchema.askedRow(worker, lease)).toList());
        Map<Long, Long> sentMarkUs = new HashMap<>();
        for (Map<String, Object> change : audit) {
            if ("sent".equals(change.get("newState")) && !"sent".equals(change.get("oldState"))
                    && change.get("commitUs") != null) {
                sentMarkUs.merge(((Number) change.get("id")).longValue(),
                        ((Number) change.get("commitUs")).longValue(), Math::min);
            }
        }
        IdenticalAttribution.Resolved resolved = IdenticalAttribution.resolve(
                provider.ledger().stream().map(LedgerEntry::of).toList(),
                byContent.values().stream().filter(ids -> ids.size() > 1).map(List::copyOf).toList(),
                sentMarkUs, provider.kind().equals("push"));
        recorder().observe(SendObservations.ledger(provider.kind()), scenario,
                resolved.ledger().stream().map(LedgerEntry::toMap).toList());
        synchronized (injected) {
            recorder().observe(SendObservations.INJECTED, scenario, injected.stream().map(row -> {
                InjectedFault fault = InjectedFault.of(row);
                Long to = resolved.moved().get(fault.request());
                return to == null ? row : fault.on(to).toMap();
            }).toList());
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
