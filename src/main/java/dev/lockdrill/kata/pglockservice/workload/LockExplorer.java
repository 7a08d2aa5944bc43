package dev.lockdrill.kata.pglockservice.workload;

import dev.lockdrill.harness.JumpClock;
import dev.lockdrill.harness.LostReplies;

import dev.lockdrill.harness.Database;
import dev.lockdrill.harness.Sql;
import dev.lockdrill.harness.WorkerDataSource;
import dev.lockdrill.harness.WorkloadContext;
import dev.lockdrill.harness.explore.CallsAtOnce;
import dev.lockdrill.harness.explore.Exploration;
import dev.lockdrill.harness.explore.GcPause;
import dev.lockdrill.harness.explore.RoundTripStall;
import dev.lockdrill.harness.explore.SessionKill;
import dev.lockdrill.harness.explore.Step;
import dev.lockdrill.history.Faults;
import dev.lockdrill.katas.api.lockservice.Lease;
import dev.lockdrill.katas.api.lockservice.LockService;
import dev.lockdrill.support.ScheduleId;

import java.sql.Connection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Random schedules for pg-lock-service: two to four worker processes (worker-1 and worker-2 share
 * a host label, as a restarted instance does) take one or two locks with TTLs from 100 ms to 3 s,
 * renew their current lease (again and again; a third of the renews ask far less than the TTL the
 * worker asked last, a third more; a long lease is sometimes renewed short at once; and after a
 * short renew of a long lease another worker often waits past it and tries to take the lock),
 * renew or release a lease they held before, release,
 * and write the protected resource with their current token; a worker may be paused past its TTL
 * and then take its own lock again. The nemesis kills a worker's sessions (its pool then drops its
 * idle connections, as a validating pool would, so the kill is judged on the calls it hit), jumps its clock ten
 * minutes ahead or back, stalls it between the round trips of its next call or inside the statement
 * that writes the locks row, and moves the token sequence across 2^31 or 2^32. A worker's call may
 * lose its reply after the server acted (the connection dropped, 08006). A worker whose renew
 * or release of its current lease said false tries it once more (it may have been the first call
 * after a kill), as the scripted ones do. A third of the schedules have two or three workers'
 * calls on one lock at once with their round trips ordered by the statement scheduler under seeded
 * priorities (PCT), so a race in the SQL is met the same way at any load.
 */
final class LockExplorer implements AutoCloseable {
    static final String NEMESIS = "nemesis";
    static final Duration JUMP = Duration.ofMinutes(10);
    /**
     * After a lease of at least this TTL (asked last), a renew asking a fifth of it or less is often
     * followed by another worker waiting past the short TTL and trying the lock: most of the long
     * lease is left then, so only a renew that shortened it lets the lock go.
     */
    static final long HANDS_OVER_FROM_MILLIS = 1_000;
    /** How long past a shortened lease another worker waits, at least, before it tries the lock. */
    static final long PAST_SHORT_TTL_MILLIS = 150;
    static final String SCHEDULER = CallsAtOnce.ACTOR;
    /** Round trips a call makes, about (for where PCT's change points may fall). */
    static final int ROUND_TRIPS_PER_CALL = 4;

    sealed interface LockStep extends Step {
    }

    record Acquire(String actor, String lock, long ttlMillis) implements LockStep {
        public String describe() {
            return "tries to take " + lock + " for " + ttlMillis + " ms";
        }
    }

    /** {@code older}: a lease it held before its current one (superseded or released), if any. */
    record Renew(String actor, String lock, long ttlMillis, boolean older) implements LockStep {
        public String describe() {
            return "renews its " + (older ? "older" : "current") + " lease on " + lock + " for " + ttlMillis + " ms";
        }
    }

    /** Waits, then tries to take the lock: the step that follows a renew asking less than was left. */
    record WaitThenAcquire(String actor, String lock, long ttlMillis, long waitMillis) implements LockStep {
        public String describe() {
            return "waits " + waitMillis + " ms, then tries to take " + lock + " for " + ttlMillis + " ms";
        }
    }

    record Release(String actor, String lock, boolean older) implements LockStep {
        public String describe() {
            return "releases its " + (older ? "older" : "current") + " lease on " + lock;
        }
    }

    record Write(String actor, String lock) implements LockStep {
        public String describe() {
            return "writes the protected resource of " + lock + " with its current token";
        }
    }

    record Pause(String actor, long millis) implements LockStep {
        public String describe() {
            return GcPause.describe(millis);
        }
    }

    record Kill(String actor, String worker) implements LockStep {
        public String describe() {
            return SessionKill.describe(worker);
        }
    }

    record ClockJump(String actor, String worker, boolean ahead) implements LockStep {
        public String describe() {
            return "jumps " + worker + "'s clock " + JUMP.toMinutes() + " minutes " + (ahead ? "ahead" : "back");
        }
    }

    /** {@code inStatement}: inside the statement that writes the locks row; else after its call's first round trip. */
    record Stall(String actor, String worker, boolean inStatement, long millis) implements LockStep {
        public String describe() {
            return inStatement ? "stalls " + worker + " inside its statement writing the locks row for " + millis
                    + " ms" : RoundTripStall.describe(worker, millis);
        }
    }

    record SkipTokens(String actor, long below) implements LockStep {
        public String describe() {
            return "moves the token sequence to just below " + below;
        }
    }

    /**
     * Two or three workers' calls on one lock at once, their round trips put in order by the
     * statement scheduler under seeded priorities with change points (PCT, {@link CallsAtOnce}),
     * not by the machine: the same seed, the same order of statements, at any load. Runs alone
     * (the scheduler owns every round trip of its workers while it runs).
     */
    record Interleaved(List<LockStep> calls, long seed) implements LockStep, CallsAtOnce.Together<LockStep> {
    }

    /**
     * A worker's call whose reply is lost: after the call's first round trip that ended a transaction
     * (the locks table changed and only the worker does not know), or after its first round trip of
     * any kind (a statement inside a transaction, which then rolls back, or a read).
     */
    record ReplyLost(String actor, LockStep call, boolean committing) implements LockStep {
        public String describe() {
            return LostReplies.describe(call.describe(), committing);
        }
    }

    static List<LockStep> generate(SplittableRandom random) {
        int workers = 2 + random.nextInt(3);
        List<String> locks = random.nextInt(3) == 0 ? List.of("a", "b") : List.of("a");
        int length = 10 + random.nextInt(21);
        List<LockStep> steps = new ArrayList<>();
        Map<String, Long> asked = new HashMap<>();
        boolean skipped = false;
        while (steps.size() < length) {
            int w = 1 + random.nextInt(workers);
            String worker = "worker-" + w;
            String lock = locks.get(random.nextInt(locks.size()));
            int roll = random.nextInt(100);
            if (roll < 54) {
                LockStep call;
                String key = worker + "/" + lock;
                if (roll < 24) {
                    call = new Acquire(worker, lock, ttl(random));
                    asked.put(key, ((Acquire) call).ttlMillis());
                    if (((Acquire) call).ttlMillis() >= HANDS_OVER_FROM_MILLIS && random.nextInt(3) == 0) {
                        steps.add(call);
                        call = new Renew(worker, lock, shorter(random, asked.get(key)), false);
                    }
                } else if (roll < 36) {
                    call = new Renew(worker, lock, renewTtl(random, asked.get(key)), false);
                } else {
                    call = roll < 41 ? new Renew(worker, lock, ttl(random), true)
                            : roll < 50 ? new Release(worker, lock, false) : new Release(worker, lock, true);
                }
                if (call instanceof Renew r && !r.older()) {
                    Long last = asked.put(key, r.ttlMillis());
                    if (last != null && last >= HANDS_OVER_FROM_MILLIS && r.ttlMillis() * 5 <= last
                            && random.nextInt(3) > 0) {
                        steps.add(random.nextInt(10) == 0 ? new ReplyLost(worker, call, random.nextInt(3) > 0) : call);
                        String other = "worker-" + (1 + (w + random.nextInt(workers - 1)) % workers);
                        call = new WaitThenAcquire(other, lock, ttl(random),
                                r.ttlMillis() + PAST_SHORT_TTL_MILLIS + random.nextInt(200));
                    }
                }
                steps.add(random.nextInt(10) == 0 && !(call instanceof WaitThenAcquire)
                        ? new ReplyLost(call.actor(), call, random.nextInt(3) > 0) : call);
            } else if (roll < 63) {
                steps.add(new Write(worker, lock));
            } else if (roll < 75) {
                steps.add(new Pause(worker, 50 + random.nextInt(650)));
            } else if (roll < 83) {
                steps.add(new Kill(NEMESIS, worker));
            } else if (roll < 89) {
                steps.add(new ClockJump(NEMESIS, worker, random.nextBoolean()));
            } else if (roll < 96 || skipped) {
                steps.add(new Stall(NEMESIS, worker, random.nextBoolean(), 50 + random.nextInt(450)));
            } else {
                skipped = true;
                steps.add(new SkipTokens(NEMESIS, random.nextBoolean() ? 1L << 31 : 1L << 32));
            }
        }
        List<LockStep> drawn = new ArrayList<>(steps.subList(0, length));
        // drawn after the rest, so the other steps of a seed are the ones they were before this step existed
        if (random.nextInt(3) == 0) {
            // never between a renew and the wait-then-take that outwaits it; the last step makes room
            int at = random.nextInt(length);
            while (drawn.get(at) instanceof WaitThenAcquire) {
                at = (at + 1) % length;
            }
            drawn.add(at, interleaved(random, workers, locks));
            drawn.remove(drawn.size() - 1);
        }
        return List.copyOf(drawn);
    }

    /** Two or three workers' calls on one lock at once: mostly takes, some renews and releases of their leases. */
    private static Interleaved interleaved(SplittableRandom random, int workers, List<String> locks) {
        String lock = locks.get(random.nextInt(locks.size()));
        List<Integer> order = new ArrayList<>();
        for (int w = 1; w <= workers; w++) {
            order.add(w);
        }
        List<LockStep> calls = new ArrayList<>();
        int together = Math.min(workers, 2 + random.nextInt(2));
        for (int i = 0; i < together; i++) {
            String worker = "worker-" + order.remove(random.nextInt(order.size()));
            int roll = random.nextInt(10);
            calls.add(roll < 6 ? new Acquire(worker, lock, roll < 3 ? 3_000 : ttl(random))
                    : roll < 8 ? new Renew(worker, lock, ttl(random), false) : new Release(worker, lock, false));
        }
        return new Interleaved(List.copyOf(calls), random.nextLong());
    }

    /**
     * A renew's TTL against {@code last}, the TTL the worker asked last for the lock (null: none):
     * far less than it ({@link #shorter}), more than it (by 300 ms to 1.3 s), or any TTL.
     */
    private static long renewTtl(SplittableRandom random, Long last) {
        int roll = random.nextInt(3);
        if (last == null || roll == 2) {
            return ttl(random);
        }
        return roll == 0 ? shorter(random, last) : last + 300 + random.nextInt(1001);
    }

    /** A tenth to a fifth of {@code last} (50 ms at least): far less than a lease of that TTL has left soon after. */
    private static long shorter(SplittableRandom random, long last) {
        return Math.max(50, last / 10 + random.nextLong(Math.max(1, last / 5 - last / 10)));
    }

    /** Mostly short leases a pause outlives (some exactly 200 or 300 ms), a few long ones. */
    private static long ttl(SplittableRandom random) {
        int roll = random.nextInt(10);
        return roll < 2 ? 3_000 : roll < 4 ? 200 + 100 * random.nextInt(2) : 100 + random.nextInt(500);
    }

    /** Runs the schedules, each on a fresh rig over the kata's schema (created once). */
    static void explore(WorkloadContext context, List<ScheduleId> schedules) throws Exception {
        Database database = context.requireDatabase();
        try (Connection admin = database.owner(); HarnessSessions sessions = new HarnessSessions(database)) {
            LockServiceWorkload.createSchema(context, admin);
            Exploration.run(context, schedules, LockExplorer::generate,
                    schedule -> new LockExplorer(new LockRig(context, admin, sessions, schedule.scenario())),
                    LockExplorer::take, explorer -> explorer.rig.observeLockHistory());
        }
    }

    /** What one worker process knows: its service and clock, the leases it was granted per lock. */
    private static final class WorkerState {
        final LockService service;
        final JumpClock clock;
        final Map<String, List<Lease>> leases = new ConcurrentHashMap<>();

        WorkerState(LockService service, JumpClock clock) {
            this.service = service;
            this.clock = clock;
        }
    }

    private final LockRig rig;
    private final Map<String, WorkerState> workers = new ConcurrentHashMap<>();

    LockExplorer(LockRig rig) {
        this.rig = rig;
    }

    /** worker-1 and worker-2 carry the same host label (a restarted instance on the same host). */
    static String holder(String worker) {
        return worker.equals("worker-2") ? "node-1" : "node-" + worker.substring(worker.indexOf('-') + 1);
    }

    private synchronized WorkerState worker(String name) throws Exception {
        WorkerState state = workers.get(name);
        if (state == null) {
            JumpClock clock = new JumpClock();
            state = new WorkerState(rig.service(name, holder(name), clock), clock);
            workers.put(name, state);
        }
        return state;
    }

    /** The worker's pool, looked up under the lock that {@link #worker} adds pools under. */
    private synchronized WorkerDataSource pool(String worker) {
        return rig.dataSource(worker);
    }

    void take(LockStep step) throws Exception {
        if (step instanceof Acquire a) {
            WorkerState state = worker(a.actor());
            rig.acquire(a.actor(), state.service, rig.name(a.lock()), a.ttlMillis())
                    .ifPresent(lease -> state.leases.computeIfAbsent(a.lock(), k -> new ArrayList<>()).add(lease));
        } else if (step instanceof Renew r) {
            WorkerState state = worker(r.actor());
            lease(state, r.lock(), r.older()).ifPresent(lease -> {
                if (!rig.renew(r.actor(), state.service, lease, r.ttlMillis()) && !r.older()) {
                    rig.renew(r.actor(), state.service, lease, r.ttlMillis());
                }
            });
        } else if (step instanceof WaitThenAcquire a) {
            dev.lockdrill.harness.Pause.millis(a.waitMillis());
            take(new Acquire(a.actor(), a.lock(), a.ttlMillis()));
        } else if (step instanceof Release r) {
            WorkerState state = worker(r.actor());
            lease(state, r.lock(), r.older()).ifPresent(lease -> {
                if (!rig.release(r.actor(), state.service, lease) && !r.older()) {
                    rig.release(r.actor(), state.service, lease);
                }
            });
        } else if (step instanceof Write w) {
            WorkerState state = worker(w.actor());
            lease(state, w.lock(), false).ifPresent(lease -> rig.fencedWrite(w.actor(), lease,
                    w.actor() + " with token " + lease.token()));
        } else if (step instanceof Pause p) {
            GcPause.take(rig.recorder(), rig.scenario(), p.actor(), p.millis());
        } else if (step instanceof Kill k) {
            worker(k.worker());
            SessionKill.take(rig.recorder(), rig.scenario(), k.worker(), k.worker() + "'s lock service",
                    () -> rig.killSessions(k.worker()), pool(k.worker()));
        } else if (step instanceof ClockJump j) {
            WorkerState state = worker(j.worker());
            long start = rig.recorder().now();
            state.clock.jump(j.ahead() ? JUMP : JUMP.negated());
            rig.recorder().fault(Faults.CLOCK_JUMP, rig.scenario(), j.worker(), start, j.worker() + "'s clock jumped "
                    + JUMP.toMinutes() + " minutes " + (j.ahead() ? "ahead" : "back"));
        } else if (step instanceof Stall s) {
            worker(s.worker());
            if (s.inStatement()) {
                stallInStatement(s);
            } else {
                RoundTripStall.take(rig.recorder(), rig.scenario(), s.worker(), pool(s.worker()), s.millis());
            }
        } else if (step instanceof SkipTokens t) {
            rig.skipTokensTo(t.below() - 2);
        } else if (step instanceof ReplyLost l) {
            replyLost(l);
        } else if (step instanceof Interleaved i) {
            interleaved(i);
        }
    }

    private void interleaved(Interleaved step) throws Exception {
        List<CallsAtOnce.Call> calls = new ArrayList<>();
        for (LockStep call : step.calls()) {
            worker(call.actor());
            calls.add(new CallsAtOnce.Call(call.actor(), pool(call.actor()), () -> take(call)));
        }
        CallsAtOnce.take(rig.recorder(), rig.scenario(), rig.database(), step.seed(), ROUND_TRIPS_PER_CALL, calls);
    }

    private void replyLost(ReplyLost l) throws Exception {
        worker(l.actor());
        LostReplies.during(rig.recorder(), rig.scenario(), l.actor(), pool(l.actor()), l.committing(),
                () -> take(l.call()));
    }

    private static Optional<Lease> lease(WorkerState state, String lock, boolean older) {
        List<Lease> held = state.leases.getOrDefault(lock, List.of());
        if (held.isEmpty() || older && held.size() < 2) {
            return Optional.empty();
        }
        return Optional.of(held.get(held.size() - (older ? 2 : 1)));
    }

    private void stallInStatement(Stall s) throws Exception {
        String app = rig.database().applicationName(s.worker());
        long start = rig.recorder().now();
        try (Connection holder = rig.database().connect("stall-holder")) {
            Sql.exec(holder, "SELECT pg_advisory_lock(" + LockServiceWorkload.STALL_LOCK + ")");
            Sql.rows(holder, "INSERT INTO lockdrill_stall(app) VALUES (?) ON CONFLICT DO NOTHING RETURNING app", app);
            try {
                dev.lockdrill.harness.Pause.millis(s.millis());
            } finally {
                Sql.rows(holder, "DELETE FROM lockdrill_stall WHERE app = ? RETURNING app", app);
                Sql.exec(holder, "SELECT pg_advisory_unlock(" + LockServiceWorkload.STALL_LOCK + ")");
            }
        }
        rig.recorder().fault(Faults.STALL, rig.scenario(), s.worker(), start,
                s.worker() + "'s statements writing the locks table were held inside, after their values were "
                        + "computed, for " + s.millis() + " ms");
    }

    @Override
    public void close() {
        rig.close();
    }
}
