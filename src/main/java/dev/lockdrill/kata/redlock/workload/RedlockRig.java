package dev.lockdrill.kata.redlock.workload;

import dev.lockdrill.harness.StallWatch;
import dev.lockdrill.history.StallRow;
import dev.lockdrill.harness.Pause;

import dev.lockdrill.harness.Failures;
import dev.lockdrill.harness.Recorder;
import dev.lockdrill.harness.ScenarioRig;
import dev.lockdrill.harness.Sql;
import dev.lockdrill.harness.WorkerDataSource;
import dev.lockdrill.harness.WorkloadContext;
import dev.lockdrill.history.FaultKind;
import dev.lockdrill.kata.redlock.protocol.RedlockOp;
import dev.lockdrill.kata.redlock.protocol.Roles;
import dev.lockdrill.katas.api.redlock.Lease;
import dev.lockdrill.katas.api.redlock.RedisNode;
import dev.lockdrill.katas.api.redlock.Redlock;

import javax.sql.DataSource;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What every redlock scenario uses: a client per worker (its own class loader and its own proxy to
 * each node), the nodes' faults, recorded calls with the nodes' own state read directly before and
 * after, and the protected resource.
 */
public final class RedlockRig extends ScenarioRig implements AutoCloseable {
    private final RedisNodes nodes;
    private final Traffic traffic;
    /** How long the machine stalled the check itself: time bounds are judged without it. */
    private final StallWatch stalls;
    private final Map<String, NodeFaults> faults = new LinkedHashMap<>();
    private final List<NodeProxy> proxies = new ArrayList<>();
    private final List<WorkerDataSource> dataSources = new ArrayList<>();
    private final Map<String, WorkerDataSource> dataSourceOf = new LinkedHashMap<>();
    private final List<Map<String, Object>> planted = new ArrayList<>();

    RedlockRig(WorkloadContext context, Connection admin, String scenario, RedisNodes nodes) {
        super(context, admin, scenario);
        this.nodes = nodes;
        this.traffic = new Traffic(context.recorder());
        this.stalls = new StallWatch(context.recorder());
        nodes.names().forEach(name -> faults.put(name, new NodeFaults()));
    }

    RedisNodes nodes() {
        return nodes;
    }

    NodeFaults faults(String node) {
        return faults.get(node);
    }

    String resource(String name) {
        return scenario + ":" + name;
    }

    /** A new client process for the worker, connected to every node through its own proxies. */
    Redlock client(String worker) throws IOException, SQLException {
        List<RedisNode> endpoints = new ArrayList<>();
        for (String name : nodes.names()) {
            NodeProxy proxy = new NodeProxy(worker, name, nodes.port(name), faults.get(name), traffic);
            proxies.add(proxy);
            endpoints.add(new RedisNode(name, "127.0.0.1", proxy.port()));
        }
        WorkerDataSource dataSource = database().dataSource(worker);
        dataSource.warmUp();
        dataSources.add(dataSource);
        dataSourceOf.put(worker, dataSource);
        return context.implementation().create(Redlock.class, new Class<?>[]{List.class, DataSource.class},
                List.copyOf(endpoints), dataSource);
    }

    /** The learner's acquire; {@code expectLease} says a majority of nodes is free and reachable. */
    Optional<Lease> acquire(String worker, Redlock client, String resource, long ttlMillis, boolean expectLease) {
        Map<String, Object> args = new LinkedHashMap<>();
        args.put("resource", resource);
        args.put("ttlMs", ttlMillis);
        args.put("expectLease", expectLease);
        args.put("nodesBefore", nodes.snapshot(resource));
        Recorder.PendingOp op = recorder().invoke(scenario, worker, RedlockOp.ACQUIRE, args);
        try {
            Optional<Lease> lease = client.acquire(resource, Duration.ofMillis(ttlMillis));
            long returned = recorder().now();
            Map<String, Object> result = new LinkedHashMap<>();
            result.put("returnedNanos", returned);
            if (lease == null) {
                lease = Optional.empty();
            }
            lease.ifPresent(l -> {
                result.put("value", String.valueOf(l.value()));
                result.put("validityMs", l.validityMillis());
                result.put("token", l.token());
            });
            result.put("nodesAfter", nodes.snapshot(resource));
            op.answered(lease.isPresent(), result);
            return lease;
        } catch (Exception | Error e) {
            op.info(Failures.describe(e));
            return Optional.empty();
        }
    }

    void release(String worker, Redlock client, Lease lease) {
        Map<String, Object> args = new LinkedHashMap<>();
        args.put("resource", lease.resource());
        args.put("value", String.valueOf(lease.value()));
        args.put("nodesBefore", nodes.snapshot(lease.resource()));
        Recorder.PendingOp op = recorder().invoke(scenario, worker, RedlockOp.RELEASE, args);
        try {
            client.release(lease);
            op.ok(Map.of("nodesAfter", nodes.snapshot(lease.resource())));
        } catch (Exception | Error e) {
            op.info(Failures.describe(e));
        }
    }

    /** The learner's write to the protected resource, as the holder of the lease. */
    boolean write(String worker, Redlock client, Lease lease, String role, String value) {
        Map<String, Object> args = new LinkedHashMap<>();
        args.put("key", lease.resource());
        args.put("value", value);
        args.put("leaseValue", String.valueOf(lease.value()));
        args.put("token", lease.token());
        args.put("role", role);
        Recorder.PendingOp op = recorder().invoke(scenario, worker, RedlockOp.WRITE, args);
        try {
            boolean accepted = client.write(lease, lease.resource(), value);
            op.answered(accepted, Map.of());
            return accepted;
        } catch (Exception | Error e) {
            op.info(Failures.describe(e));
            return false;
        }
    }

    /** The harness's own write, with no fence at all: what the lock alone lets a holder do. */
    void unfencedWrite(String worker, Lease lease, String value) throws SQLException {
        unfencedWrite(worker, lease.resource(), value);
    }

    /** The harness's unfenced write on the worker's behalf, whether or not its acquire returned a lease. */
    void unfencedWrite(String worker, String key, String value) throws SQLException {
        Recorder.PendingOp op = recorder().invoke(scenario, worker, RedlockOp.UNFENCED_WRITE,
                Map.of("key", key, "value", value));
        Sql.rows(admin, "INSERT INTO unfenced_writes(scenario, worker, value) VALUES (?, ?, ?) RETURNING id",
                scenario, worker, value);
        op.answered(true, Map.of());
    }

    /** The database connections of the worker's newest client, where a round-trip hook pauses it. */
    WorkerDataSource dataSourceOf(String worker) {
        return dataSourceOf.get(worker);
    }

    /** The words of the worker's commands on the key at the node since then (through its proxy). */
    List<List<String>> commands(String worker, String node, String key, long sinceNanos) {
        return traffic.commands(worker, node, key, sinceNanos);
    }

    /** How many nodes granted the worker a command on the key since then (OK, or 1 from a script). */
    int nodesGranting(String worker, String key, long sinceNanos) {
        return traffic.nodesGranting(worker, key, sinceNanos);
    }

    /**
     * Sets another holder's value on the node straight away (not through any proxy), and keeps it as
     * ground truth: a release running meanwhile must leave it there.
     */
    void plant(String node, String key, String value) {
        nodes.direct(node).set(key, value, redis.clients.jedis.params.SetParams.setParams().px(10_000));
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("node", node);
        row.put("key", key);
        row.put("value", value);
        row.put("atNanos", recorder().now());
        synchronized (planted) {
            planted.add(row);
        }
    }

    /** How many nodes of a snapshot hold the value. */
    static int holding(Map<String, Object> snapshot, String value) {
        return (int) snapshot.values().stream().filter(v -> String.valueOf(v).equals(value)).count();
    }

    /** Waits (up to {@code maxMillis}) until no node holds any value under the key; answers whether none does. */
    boolean awaitFree(String key, long maxMillis) throws InterruptedException {
        return awaitNodes(key, snapshot -> snapshot.values().stream().allMatch(""::equals), maxMillis);
    }

    private boolean awaitNodes(String key, java.util.function.Predicate<Map<String, Object>> until, long maxMillis)
            throws InterruptedException {
        long deadline = System.nanoTime() + maxMillis * 1_000_000;
        while (System.nanoTime() < deadline) {
            if (until.test(nodes.snapshot(key))) {
                return true;
            }
            Pause.millis(5);
        }
        return until.test(nodes.snapshot(key));
    }

    void fault(FaultKind kind, String target, long start, boolean landed, String description) {
        recorder().fault(kind, scenario, target, start, landed, description);
    }

    /** Waits (up to {@code maxMillis}) until no node holds the value under the key; answers whether none does. */
    boolean awaitGone(String key, String value, long maxMillis) throws InterruptedException {
        return awaitNodes(key, snapshot -> !snapshot.containsValue(value), maxMillis);
    }

    @Override
    public void close() throws SQLException {
        proxies.forEach(NodeProxy::close);
        dataSources.forEach(WorkerDataSource::close);
        recorder().observe(Roles.TRAFFIC, scenario, traffic.rows());
        stalls.close();
        recorder().observe(Roles.STALLS, scenario, stalls.stalls().stream().map(StallRow::toMap).toList());
        synchronized (planted) {
            if (!planted.isEmpty()) {
                recorder().observe(Roles.PLANTED, scenario, List.copyOf(planted));
            }
        }
        recorder().observe(Roles.RESOURCE, scenario, Sql.rows(admin,
                "SELECT key, value, token, lock_value FROM protected_resource WHERE key LIKE ? ORDER BY key",
                scenario + ":%"));
        recorder().observe(Roles.UNFENCED, scenario, Sql.rows(admin,
                "SELECT id, worker, value FROM unfenced_writes WHERE scenario = ? ORDER BY id", scenario));
        nodes.flushAll();
    }
}
