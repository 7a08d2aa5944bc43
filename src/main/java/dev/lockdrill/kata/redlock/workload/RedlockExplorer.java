package dev.lockdrill.kata.redlock.workload;

import dev.lockdrill.harness.RoundTripHook;
import dev.lockdrill.harness.WorkerDataSource;
import dev.lockdrill.harness.explore.GcPause;
import dev.lockdrill.harness.explore.Step;
import dev.lockdrill.history.Faults;
import dev.lockdrill.kata.redlock.protocol.RedlockFaults;
import dev.lockdrill.kata.redlock.protocol.Roles;
import dev.lockdrill.katas.api.redlock.Lease;
import dev.lockdrill.katas.api.redlock.Redlock;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;

/**
 * Random schedules for redlock: two to four clients acquire one or two resources (TTLs from 1 s
 * to 3 s), write the protected resource with their newest lease (once or twice), release (and
 * release again), and are paused inside their critical section, past their validity or not. The
 * nemesis restarts a node empty, black-holes a node for one client, slows a node's replies, heals
 * it, and cuts a resource's TTL on one node (standing in for that node's clock jumping). Acquires,
 * releases and the node faults take turns (one at a time), so whether a majority is free and
 * reachable is known when an acquire starts; writes and pauses overlap with everything.
 * <p>
 * A write is judged "current" when its lease is the newest on the resource, "stale" when a newer
 * lease's holder has already written, and neither otherwise. A correct Redlock lets a paused or
 * restarted-node holder believe it still holds the lock: that is the lesson, not a violation; only
 * the fenced write is judged.
 */
final class RedlockExplorer implements AutoCloseable {
    static final String NEMESIS = "nemesis";
    static final long SLOW_MAX_MILLIS = 60;
    /**
     * The shortest TTL: half of it must leave room for a node's timeout plus a client's first call
     * (a fresh class loader and fresh connections, on a loaded machine), or a correct client fails
     * available-lock-acquired-promptly.
     */
    static final long SHORT_TTL_MILLIS = 1000;

    sealed interface RedlockStep extends Step {
    }

    record Acquire(String actor, String resource, long ttlMillis) implements RedlockStep {
        public String describe() {
            return "acquires " + resource + " for " + ttlMillis + " ms";
        }
    }

    /**
     * An acquire whose first database round trip (where a token is drawn or a grant taken, after the
     * majority) is held {@code holdMillis}, on one side of it; the other clients take their turns
     * meanwhile.
     */
    record HeldAcquire(String actor, String resource, long ttlMillis, boolean replyHeld, long holdMillis)
            implements RedlockStep {
        public String describe() {
            return "acquires " + resource + " for " + ttlMillis + " ms, stopped " + holdMillis + " ms "
                    + (replyHeld ? HoldFirstRoundTrip.Side.REPLY_HELD.text : HoldFirstRoundTrip.Side.BEFORE_THE_SERVER.text);
        }
    }

    record Write(String actor, String resource) implements RedlockStep {
        public String describe() {
            return "writes " + resource + " with its newest lease";
        }
    }

    record Release(String actor, String resource) implements RedlockStep {
        public String describe() {
            return "releases its newest lease on " + resource;
        }
    }

    record Pause(String actor, long millis) implements RedlockStep {
        public String describe() {
            return GcPause.describe(millis);
        }
    }

    record Restart(String actor, String node) implements RedlockStep {
        public String describe() {
            return "kills node " + node + " (SIGKILL) and starts it again empty";
        }
    }

    /** {@code worker} null: the node's replies are slowed for everyone; otherwise it drops that worker's commands. */
    record Degrade(String actor, String node, String worker, long slowMillis) implements RedlockStep {
        public String describe() {
            return worker == null ? "delays node " + node + "'s replies " + slowMillis + " ms"
                    : "makes node " + node + " drop every command of " + worker + " (a black hole)";
        }
    }

    record Heal(String actor) implements RedlockStep {
        public String describe() {
            return "heals the degraded node";
        }
    }

    record CutTtl(String actor, String resource, String node) implements RedlockStep {
        public String describe() {
            return "cuts " + resource + "'s TTL on node " + node + " to 1 ms (its clock jumps forward)";
        }
    }

    static List<RedlockStep> generate(SplittableRandom random) {
        int workers = 2 + random.nextInt(3);
        List<String> resources = random.nextInt(3) == 0 ? List.of("job", "report") : List.of("job");
        int length = 10 + random.nextInt(21);
        List<RedlockStep> steps = new ArrayList<>();
        while (steps.size() < length) {
            String worker = "w-" + (1 + random.nextInt(workers));
            String resource = resources.get(random.nextInt(resources.size()));
            String node = RedisNodes.NAMES.get(random.nextInt(RedisNodes.NAMES.size()));
            int roll = random.nextInt(100);
            if (roll < 28) {
                long ttl = random.nextInt(3) == 0 ? SHORT_TTL_MILLIS + random.nextInt(201) : 2000 + random.nextInt(1001);
                if (random.nextInt(4) == 0) {
                    long hold = random.nextBoolean() ? 50 + random.nextInt(200) : ttl + 100 + random.nextInt(400);
                    steps.add(new HeldAcquire(worker, resource, ttl, random.nextBoolean(), hold));
                } else {
                    steps.add(new Acquire(worker, resource, ttl));
                }
            } else if (roll < 48) {
                steps.add(new Write(worker, resource));
            } else if (roll < 62) {
                steps.add(new Release(worker, resource));
            } else if (roll < 74) {
                steps.add(new Pause(worker, random.nextBoolean() ? 50 + random.nextInt(200)
                        : SHORT_TTL_MILLIS + 100 + random.nextInt(500)));
            } else if (roll < 80) {
                steps.add(new Restart(NEMESIS, node));
            } else if (roll < 88) {
                steps.add(random.nextBoolean() ? new Degrade(NEMESIS, node, worker, 0)
                        : new Degrade(NEMESIS, node, null, 20 + random.nextInt((int) SLOW_MAX_MILLIS - 19)));
            } else if (roll < 93) {
                steps.add(new Heal(NEMESIS));
            } else {
                steps.add(new CutTtl(NEMESIS, resource, node));
            }
        }
        return steps;
    }

    /**
     * A granted lease, as the harness saw it: who, when its acquire started and ended, and whether its
     * value held a majority of the nodes as acquire returned (a lease returned after its keys were
     * gone is stale from the start).
     */
    private record Grant(String worker, String resource, Lease lease, long invokeNanos, long completeNanos,
                         boolean heldAtReturn) {
    }

    /** The degraded node and when that began, so its fault can be recorded when it heals. */
    private record Degraded(Degrade step, long start) {
    }

    private final RedlockRig rig;
    /** One turn at a time; a permit, not a lock, so a held acquire can give its turn up from any thread. */
    private final Semaphore turns = new Semaphore(1, true);
    private final Map<String, Redlock> clients = new ConcurrentHashMap<>();
    private final Map<String, Grant> newest = new ConcurrentHashMap<>();
    private final List<Grant> grants = new ArrayList<>();
    /** Accepted writes: the grant each was made under and when it completed. */
    private final List<Map.Entry<Grant, Long>> accepted = new ArrayList<>();
    private final java.util.Set<Grant> released = ConcurrentHashMap.newKeySet();
    private final Map<String, Integer> writes = new ConcurrentHashMap<>();
    private volatile Degraded degraded;

    RedlockExplorer(RedlockRig rig) {
        this.rig = rig;
    }

    RedlockRig rig() {
        return rig;
    }

    private Redlock client(String worker) throws Exception {
        Redlock client = clients.get(worker);
        if (client == null) {
            client = rig.client(worker);
            clients.put(worker, client);
        }
        return client;
    }

    void take(RedlockStep step) throws Exception {
        if (step instanceof Acquire a) {
            acquire(a);
        } else if (step instanceof HeldAcquire h) {
            heldAcquire(h);
        } else if (step instanceof Write w) {
            write(w);
        } else if (step instanceof Release r) {
            Grant grant = newest.get(r.actor() + "|" + r.resource());
            if (grant != null) {
                Redlock client = client(r.actor());
                inTurn(() -> rig.release(r.actor(), client, grant.lease()));
                released.add(grant);
            }
        } else if (step instanceof Pause p) {
            long start = rig.recorder().now();
            List<String> held = newest.values().stream()
                    .filter(g -> g.worker().equals(p.actor()) && !released.contains(g)).map(Grant::resource).toList();
            Thread.sleep(p.millis());
            if (!held.isEmpty()) {
                rig.fault(Faults.PAUSE, p.actor(), start, true, p.actor() + " paused " + p.millis()
                        + " ms inside its critical section on " + held + ", as in a stop-the-world GC");
            }
        } else if (step instanceof Restart r) {
            inTurn(() -> {
                long start = rig.recorder().now();
                boolean empty = rig.nodes().restartEmpty(r.node());
                rig.fault(RedlockFaults.NODE_RESTART, "node " + r.node(), start, empty, "node " + r.node()
                        + " killed with SIGKILL and started again empty on the same port (no persistence)");
            });
        } else if (step instanceof Degrade d) {
            inTurn(() -> {
                heal();
                if (d.worker() == null) {
                    rig.faults(d.node()).delay(d.slowMillis());
                } else {
                    rig.faults(d.node()).unreachable(d.worker(), true);
                }
                degraded = new Degraded(d, rig.recorder().now());
            });
        } else if (step instanceof Heal) {
            inTurn(this::heal);
        } else if (step instanceof CutTtl c) {
            inTurn(() -> {
                long start = rig.recorder().now();
                String key = rig.resource(c.resource());
                boolean cut = rig.nodes().direct(c.node()).pexpire(key, 1) == 1;
                Thread.sleep(5);
                boolean expired = cut && !rig.nodes().direct(c.node()).exists(key);
                rig.fault(Faults.CLOCK_JUMP, "node " + c.node(), start, expired, cut
                        ? key + "'s TTL on node " + c.node() + " cut to 1 ms: this stands in for the node's clock "
                        + "jumping forward (Redis expires keys by its own wall clock)"
                        : "node " + c.node() + " held no " + key + " whose TTL could be cut");
            });
        }
    }

    private void acquire(Acquire a) throws Exception {
        Redlock client = client(a.actor());
        String key = rig.resource(a.resource());
        inTurn(() -> {
            Map<String, Object> nodes = rig.nodes().snapshot(key);
            Degraded now = degraded;
            long available = nodes.entrySet().stream().filter(e -> "".equals(e.getValue()))
                    .filter(e -> now == null || !e.getKey().equals(now.step().node()) || now.step().worker() == null
                            || !now.step().worker().equals(a.actor()))
                    .count();
            long invoke = rig.recorder().now();
            // A lease still inside its validity and not released may hold the resource's grant even when its
            // keys are gone from the nodes (a restart, a TTL cut): a lease is then not owed.
            boolean held;
            synchronized (grants) {
                held = grants.stream().anyMatch(g -> g.resource().equals(a.resource()) && !released.contains(g)
                        && g.completeNanos() + g.lease().validityMillis() * 1_000_000 > invoke);
            }
            Optional<Lease> lease = rig.acquire(a.actor(), client, key, a.ttlMillis(), available >= 3 && !held);
            record(a.actor(), a.resource(), key, lease, invoke);
        });
    }

    /**
     * The held acquire takes its turn for its commands to the nodes, gives it up while it is held (the
     * others act meanwhile) and takes it back before going on; no lease is owed (its time may run out).
     */
    private void heldAcquire(HeldAcquire h) throws Exception {
        Redlock client = client(h.actor());
        String key = rig.resource(h.resource());
        WorkerDataSource pool = rig.dataSourceOf(h.actor());
        HoldFirstRoundTrip.Side side = h.replyHeld() ? HoldFirstRoundTrip.Side.REPLY_HELD
                : HoldFirstRoundTrip.Side.BEFORE_THE_SERVER;
        HoldFirstRoundTrip hold = new HoldFirstRoundTrip(side, h.holdMillis(), turns::release, turns::acquireUninterruptibly);
        inTurn(() -> {
            long invoke = rig.recorder().now();
            pool.hook(hold);
            Optional<Lease> lease;
            try {
                lease = rig.acquire(h.actor(), client, key, h.ttlMillis(), false);
            } finally {
                pool.hook(RoundTripHook.NONE);
            }
            if (hold.held()) {
                rig.fault(Faults.PAUSE, h.actor(), invoke, true, h.actor() + " stopped " + h.holdMillis()
                        + " ms inside acquire, " + side.text + " (" + hold.heldStatement() + ")");
            }
            record(h.actor(), h.resource(), key, lease, invoke);
        });
    }

    private void record(String actor, String resource, String key, Optional<Lease> lease, long invoke) {
        long complete = rig.recorder().now();
        lease.ifPresent(l -> {
            boolean held = RedlockRig.holding(rig.nodes().snapshot(key), l.value()) >= 3;
            Grant grant = new Grant(actor, resource, l, invoke, complete, held);
            synchronized (grants) {
                grants.add(grant);
            }
            newest.put(actor + "|" + resource, grant);
        });
    }

    private void write(Write w) throws Exception {
        Grant grant = newest.get(w.actor() + "|" + w.resource());
        if (grant == null) {
            return;
        }
        Redlock client = client(w.actor());
        int n = writes.merge(w.actor(), 1, Integer::sum);
        boolean ok = rig.write(w.actor(), client, grant.lease(), role(grant), w.actor() + " write " + n);
        if (ok) {
            synchronized (accepted) {
                accepted.add(Map.entry(grant, rig.recorder().now()));
            }
        }
    }

    /**
     * "current" when no other lease on the resource was granted after this one's acquire began;
     * "stale" when a lease whose acquire began after this one was granted has already written (or, for
     * a lease whose value held no majority as its acquire returned, any lease granted since its
     * acquire began); else
     * neither (a newer lease exists but has not written yet: the fence may still accept this one).
     */
    private String role(Grant grant) {
        List<Grant> others;
        synchronized (grants) {
            others = grants.stream().filter(g -> g != grant && g.resource().equals(grant.resource())).toList();
        }
        boolean newestOfAll = others.stream().allMatch(g -> g.completeNanos() < grant.invokeNanos());
        if (newestOfAll) {
            return Roles.CURRENT;
        }
        synchronized (accepted) {
            boolean superseded = accepted.stream().anyMatch(e -> e.getKey() != grant
                    && e.getKey().resource().equals(grant.resource())
                    && (e.getKey().invokeNanos() > grant.completeNanos()
                    || !grant.heldAtReturn() && e.getKey().completeNanos() > grant.invokeNanos()));
            return superseded ? Roles.STALE : "unjudged";
        }
    }

    private void heal() {
        Degraded was = degraded;
        if (was == null) {
            return;
        }
        degraded = null;
        NodeFaults faults = rig.faults(was.step().node());
        Degrade d = was.step();
        if (d.worker() == null) {
            faults.delay(0);
            rig.fault(Faults.SLOW, "node " + d.node(), was.start(), faults.delayed.get() > 0, "node " + d.node()
                    + "'s replies delayed " + d.slowMillis() + " ms (" + faults.delayed.get() + " replies in all)");
        } else {
            faults.unreachable(d.worker(), false);
            rig.fault(Faults.HANG, "node " + d.node(), was.start(), faults.dropped.get() > 0, "node " + d.node()
                    + " unreachable for " + d.worker() + ": its proxy dropped " + faults.dropped.get()
                    + " command(s) in all");
        }
    }

    @FunctionalInterface
    private interface Turn {
        void run() throws Exception;
    }

    /** Acquires, releases and node faults take turns, so an acquire knows what it starts from. */
    private void inTurn(Turn turn) throws Exception {
        turns.acquire();
        try {
            turn.run();
        } finally {
            turns.release();
        }
    }

    /** After the steps: the degraded node heals (its fault is recorded); ground truth is read when the rig closes. */
    void finish() throws Exception {
        inTurn(this::heal);
    }

    @Override
    public void close() throws Exception {
        rig.close();
    }
}
