package dev.lockdrill.kata.leaseclaim.workload;

import dev.lockdrill.harness.Database;
import dev.lockdrill.harness.JumpClock;
import dev.lockdrill.harness.LostReplies;
import dev.lockdrill.harness.Pause;
import dev.lockdrill.harness.Sql;
import dev.lockdrill.harness.WorkerDataSource;
import dev.lockdrill.harness.WorkloadContext;
import dev.lockdrill.harness.explore.CallsAtOnce;
import dev.lockdrill.harness.explore.Exploration;
import dev.lockdrill.harness.explore.GcPause;
import dev.lockdrill.harness.explore.RoundTripStall;
import dev.lockdrill.harness.explore.Step;
import dev.lockdrill.harness.lease.LeaseSchema;
import dev.lockdrill.history.Faults;
import dev.lockdrill.katas.api.lease.Claim;
import dev.lockdrill.katas.api.lease.Completion;
import dev.lockdrill.katas.api.lease.LeaseQueue;
import dev.lockdrill.support.ScheduleId;

import java.sql.Connection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Random schedules for lease-claim: two to four workers (each its own process, with leases of
 * 150 to 300 ms) claim batches of due rows (a max of 1, of 2 or 3, or of more than the schedule
 * has), complete them done or failed, extend them, complete a row they finished again with the
 * other outcome (done after failed as well as failed after done, later or at once), extend a
 * finished row, and extend or complete with a stale token; a worker may be paused past its lease,
 * or crash between its calls (its sessions killed) and come back as a fresh process with the same
 * name. The row ids of a schedule start where its seed says: ordinary ids, or just below 2^31 or
 * 2^32, so that they cross it. The nemesis inserts rows, skews a worker's clock ten minutes ahead
 * or behind, holds a due row locked while claims run, stalls a worker between the round trips of
 * its next call. A worker's call may lose its reply after the server acted. After the schedule a
 * drainer claims and finishes what is left, as the scripted workers keep polling: every row must
 * end done or failed.
 */
final class LeaseExplorer implements AutoCloseable {
    static final String NEMESIS = "nemesis";
    static final String SCHEDULER = CallsAtOnce.ACTOR;
    /** Round trips a claim makes, about (for where PCT's change points may fall). */
    static final int ROUND_TRIPS_PER_CALL = 3;
    static final Duration SKEW = Duration.ofMinutes(10);
    static final Duration DRAIN_LEASE = Duration.ofMillis(300);
    static final long DRAIN_CAP_MILLIS = 6_000;
    static final int FIRST_ROWS = 4;
    /** Where the row ids of a schedule start when they cross no limit. */
    static final long ORDINARY_FIRST_ID = 1_000;
    static final int MAX_STEPS = 30;
    static final int MAX_INSERT = 3;
    /** A claim's max above every row a schedule can have: its first rows and the most its inserts add. */
    static final int MORE_THAN_DUE = FIRST_ROWS + MAX_STEPS * MAX_INSERT + 1;

    enum Which {
        /** its newest unfinished claim */
        CURRENT,
        /** its oldest claim, which may have expired and been taken by another */
        STALE,
        /** a claim it already completed */
        FINISHED
    }

    sealed interface LeaseStep extends Step {
    }

    /**
     * Two or three workers' calls at once (mostly claims, some completions and extensions of their
     * current claim), their round trips put in order by the statement scheduler under seeded
     * priorities with change points (PCT, {@link CallsAtOnce}), not by the machine. Runs alone
     * (the scheduler owns every round trip of its workers while it runs).
     */
    record Interleaved(List<LeaseStep> calls, long seed) implements LeaseStep, CallsAtOnce.Together<LeaseStep> {
    }

    record ClaimRows(String actor, int max) implements LeaseStep {
        public String describe() {
            return "claims up to " + max + " row(s)" + (max >= MORE_THAN_DUE ? " (more than the schedule has)" : "");
        }
    }

    /**
     * Completes a claim with {@code outcome}; for {@link Which#FINISHED}, the newest claim it finished
     * with the other outcome (its newest finished one when it has none such): a terminal row meets
     * the second outcome in either order.
     */
    record Complete(String actor, Which which, Completion outcome) implements LeaseStep {
        public String describe() {
            return which == Which.FINISHED ? "completes " + outcome.state() + " a claim it already finished "
                    + other(outcome).state() + " (else its newest finished one)" : "completes its " + which.name().toLowerCase() + " claim "
                    + outcome.state();
        }
    }

    /** Completes its current claim {@code first}, then at once again with the other outcome: only the first may change the row. */
    record FinishTwice(String actor, Completion first) implements LeaseStep {
        public String describe() {
            return "completes its current claim " + first.state() + ", then again " + other(first).state();
        }
    }

    record Extend(String actor, Which which) implements LeaseStep {
        public String describe() {
            return "extends its " + which.name().toLowerCase() + " claim";
        }
    }

    record PauseWorker(String actor, long millis) implements LeaseStep {
        public String describe() {
            return GcPause.describe(millis);
        }
    }

    /** The worker's process dies between calls; its next step is taken by a fresh process with its name. */
    record Crash(String actor) implements LeaseStep {
        public String describe() {
            return "crashes (its sessions are killed) and restarts as a new process";
        }
    }

    record Insert(String actor, int rows) implements LeaseStep {
        public String describe() {
            return "inserts " + rows + " due row(s)";
        }
    }

    record Skew(String actor, String worker, boolean ahead) implements LeaseStep {
        public String describe() {
            return "sets " + worker + "'s clock " + SKEW.toMinutes() + " minutes " + (ahead ? "ahead" : "behind");
        }
    }

    record HoldRow(String actor, long millis) implements LeaseStep {
        public String describe() {
            return "holds the first pending row locked (FOR UPDATE) for " + millis + " ms";
        }
    }

    record Stall(String actor, String worker, long millis) implements LeaseStep {
        public String describe() {
            return RoundTripStall.describe(worker, millis);
        }
    }

    /**
     * A worker's call whose reply is lost: after the call's first round trip that ended a transaction
     * (the table changed and only the worker does not know), or after its first round trip of any
     * kind (a statement inside a transaction, which then rolls back, or a read).
     */
    record ReplyLost(String actor, LeaseStep call, boolean committing) implements LeaseStep {
        public String describe() {
            return LostReplies.describe(call.describe(), committing);
        }
    }

    /** Where a schedule's row ids start, drawn first from its seed: the same seed, the same ids. */
    record Setup(long firstId) {
        static Setup of(SplittableRandom random) {
            int kind = random.nextInt(3);
            return new Setup(kind == 0 ? ORDINARY_FIRST_ID
                    : (kind == 1 ? 1L << 31 : 1L << 32) - 1 - random.nextInt(FIRST_ROWS - 1));
        }
    }

    static List<LeaseStep> generate(SplittableRandom random) {
        Setup.of(random);
        int workers = 2 + random.nextInt(3);
        int length = 10 + random.nextInt(MAX_STEPS - 9);
        List<LeaseStep> steps = new ArrayList<>();
        for (int i = 0; i < length; i++) {
            String worker = "worker-" + (1 + random.nextInt(workers));
            int roll = random.nextInt(100);
            if (roll < 52) {
                LeaseStep call = roll < 22 ? new ClaimRows(worker, max(random))
                        : roll < 36 ? new Complete(worker, which(random), random.nextInt(5) < 2 ? Completion.FAILED
                        : Completion.DONE)
                        : roll < 40 ? new FinishTwice(worker, random.nextBoolean() ? Completion.FAILED : Completion.DONE)
                        : new Extend(worker, which(random));
                steps.add(random.nextInt(10) == 0 ? new ReplyLost(worker, call, random.nextInt(3) > 0) : call);
            } else if (roll < 64) {
                steps.add(new PauseWorker(worker, 50 + random.nextInt(550)));
            } else if (roll < 70) {
                steps.add(new Crash(worker));
            } else if (roll < 77) {
                steps.add(new Insert(NEMESIS, 1 + random.nextInt(MAX_INSERT)));
            } else if (roll < 84) {
                steps.add(new Skew(NEMESIS, worker, random.nextBoolean()));
            } else if (roll < 92) {
                steps.add(new HoldRow(NEMESIS, 30 + random.nextInt(270)));
            } else {
                steps.add(new Stall(NEMESIS, worker, 30 + random.nextInt(270)));
            }
        }
        // drawn after the rest, so the other steps of a seed are the ones they were before this step existed
        if (random.nextInt(3) == 0) {
            List<Integer> free = new ArrayList<>();
            for (int w = 1; w <= workers; w++) {
                free.add(w);
            }
            List<LeaseStep> calls = new ArrayList<>();
            for (int i = Math.min(workers, 2 + random.nextInt(2)); i > 0; i--) {
                String worker = "worker-" + free.remove(random.nextInt(free.size()));
                int roll = random.nextInt(10);
                calls.add(roll < 7 ? new ClaimRows(worker, max(random))
                        : roll < 9 ? new Complete(worker, Which.CURRENT, Completion.DONE) : new Extend(worker, Which.CURRENT));
            }
            steps.add(random.nextInt(length), new Interleaved(List.copyOf(calls), random.nextLong()));
            steps.remove(steps.size() - 1);
        }
        return steps;
    }

    private static Which which(SplittableRandom random) {
        int roll = random.nextInt(10);
        return roll < 5 ? Which.CURRENT : roll < 7 ? Which.STALE : Which.FINISHED;
    }

    /** A max of 1, of 2 or 3, or of more than any schedule has due. */
    private static int max(SplittableRandom random) {
        int roll = random.nextInt(10);
        return roll < 4 ? 1 : roll < 8 ? 2 + random.nextInt(2) : MORE_THAN_DUE + random.nextInt(30);
    }

    static Completion other(Completion outcome) {
        return outcome == Completion.DONE ? Completion.FAILED : Completion.DONE;
    }

    /** worker-1 leases for 200 ms, worker-2 300, worker-3 150, worker-4 250. */
    static Duration lease(String worker) {
        int n = Integer.parseInt(worker.substring(worker.indexOf('-') + 1));
        return Duration.ofMillis(new long[]{200, 300, 150, 250}[(n - 1) % 4]);
    }

    static void explore(WorkloadContext context, List<ScheduleId> schedules) throws Exception {
        Database database = context.requireDatabase();
        try (Connection admin = database.owner()) {
            LeaseSchema.create(admin);
            Exploration.run(context, schedules, LeaseExplorer::generate, schedule -> {
                LeaseRig rig = new LeaseRig(context, admin, schedule.scenario(),
                        Setup.of(new SplittableRandom(schedule.id().seed())).firstId());
                rig.insert(FIRST_ROWS);
                return new LeaseExplorer(rig);
            }, LeaseExplorer::take, LeaseExplorer::finish);
        }
    }

    /** One worker process: its queue, its claims in order, those it completed (in order, with the outcome it sent). */
    private static final class WorkerState {
        final LeaseQueue queue;
        final List<Claim> claims = new ArrayList<>();
        final Map<Claim, Completion> finished = new LinkedHashMap<>();

        WorkerState(LeaseQueue queue) {
            this.queue = queue;
        }
    }

    private final LeaseRig rig;
    private final Map<String, WorkerState> workers = new ConcurrentHashMap<>();
    private final Map<String, JumpClock> clocks = new ConcurrentHashMap<>();

    LeaseExplorer(LeaseRig rig) {
        this.rig = rig;
    }

    private synchronized WorkerState worker(String name) throws Exception {
        WorkerState state = workers.get(name);
        if (state == null) {
            state = new WorkerState(rig.queue(name, clocks.computeIfAbsent(name, n -> new JumpClock()), lease(name)));
            workers.put(name, state);
        }
        return state;
    }

    void take(LeaseStep step) throws Exception {
        if (step instanceof ClaimRows c) {
            WorkerState state = worker(c.actor());
            state.claims.addAll(rig.claim(c.actor(), state.queue, c.max()));
        } else if (step instanceof Complete c) {
            WorkerState state = worker(c.actor());
            Optional<Claim> claim = c.which() == Which.FINISHED ? finishedOtherwise(state, c.outcome())
                    : pick(state, c.which());
            if (claim.isPresent()) {
                rig.complete(c.actor(), state.queue, claim.get(), c.outcome());
                state.finished.putIfAbsent(claim.get(), c.outcome());
            }
        } else if (step instanceof FinishTwice f) {
            WorkerState state = worker(f.actor());
            Optional<Claim> claim = pick(state, Which.CURRENT);
            if (claim.isPresent()) {
                rig.complete(f.actor(), state.queue, claim.get(), f.first());
                state.finished.put(claim.get(), f.first());
                rig.complete(f.actor(), state.queue, claim.get(), other(f.first()));
            }
        } else if (step instanceof Extend e) {
            WorkerState state = worker(e.actor());
            Optional<Claim> claim = pick(state, e.which());
            if (claim.isPresent()) {
                rig.extend(e.actor(), state.queue, claim.get());
            }
        } else if (step instanceof PauseWorker p) {
            GcPause.take(rig.recorder(), rig.scenario(), p.actor(), p.millis());
        } else if (step instanceof Crash c) {
            crash(c.actor());
        } else if (step instanceof Insert i) {
            rig.insert(i.rows());
        } else if (step instanceof Skew s) {
            long start = rig.recorder().now();
            clocks.computeIfAbsent(s.worker(), n -> new JumpClock()).set(s.ahead() ? SKEW : SKEW.negated());
            rig.recorder().fault(Faults.CLOCK_SKEW, rig.scenario(), s.worker(), start, s.worker() + "'s clock runs "
                    + SKEW.toMinutes() + " minutes " + (s.ahead() ? "ahead" : "behind"));
        } else if (step instanceof HoldRow h) {
            holdRow(h);
        } else if (step instanceof Stall s) {
            stall(s);
        } else if (step instanceof Interleaved i) {
            interleaved(i);
        } else if (step instanceof ReplyLost l) {
            replyLost(l);
        }
    }

    private void interleaved(Interleaved step) throws Exception {
        List<CallsAtOnce.Call> calls = new ArrayList<>();
        for (LeaseStep call : step.calls()) {
            worker(call.actor());
            calls.add(new CallsAtOnce.Call(call.actor(), rig.dataSourceOf(call.actor()), () -> take(call)));
        }
        CallsAtOnce.take(rig.recorder(), rig.scenario(), rig.database(), step.seed(), ROUND_TRIPS_PER_CALL, calls);
    }

    /** The claim a step means, when the worker has one: those it completed are not current nor stale. */
    private static Optional<Claim> pick(WorkerState state, Which which) {
        List<Claim> open = state.claims.stream().filter(c -> !state.finished.containsKey(c)).toList();
        List<Claim> finished = List.copyOf(state.finished.keySet());
        return switch (which) {
            case CURRENT -> open.isEmpty() ? Optional.empty() : Optional.of(open.get(open.size() - 1));
            case STALE -> open.isEmpty() ? Optional.empty() : Optional.of(open.get(0));
            case FINISHED -> finished.isEmpty() ? Optional.empty() : Optional.of(finished.get(finished.size() - 1));
        };
    }

    /** The newest claim the worker finished with the other outcome than {@code second}, else its newest finished one. */
    private static Optional<Claim> finishedOtherwise(WorkerState state, Completion second) {
        List<Claim> otherwise = state.finished.entrySet().stream().filter(e -> e.getValue() != second)
                .map(Map.Entry::getKey).toList();
        return otherwise.isEmpty() ? pick(state, Which.FINISHED) : Optional.of(otherwise.get(otherwise.size() - 1));
    }

    private void crash(String worker) throws Exception {
        WorkerState state = worker(worker);
        long start = rig.recorder().now();
        List<Claim> holding = state.claims.stream().filter(c -> !state.finished.containsKey(c)).toList();
        rig.crash(worker, holding, start);
        WorkerDataSource pool = rig.dataSourceOf(worker);
        if (pool != null) {
            pool.close();
        }
        workers.remove(worker);
    }

    private void holdRow(HoldRow h) throws Exception {
        long start = rig.recorder().now();
        List<Map<String, Object>> held;
        try (Connection holder = rig.database().connect("row-holder")) {
            holder.setAutoCommit(false);
            held = Sql.rows(holder, "SELECT id FROM notifications WHERE id >= ? AND id < ? AND state = 'pending' "
                    + "ORDER BY id LIMIT 1 FOR UPDATE", rig.firstId(), rig.firstId() + 100_000);
            Pause.millis(h.millis());
            holder.commit();
        }
        rig.recorder().fault(Faults.HOLD, rig.scenario(), "all", start, !held.isEmpty(), held.isEmpty()
                ? "no pending row to hold" : "the harness held row " + held.get(0).get("id") + " locked (FOR UPDATE, "
                + "unchanged) for " + h.millis() + " ms");
    }

    private void stall(Stall s) throws Exception {
        worker(s.worker());
        RoundTripStall.take(rig.recorder(), rig.scenario(), s.worker(), rig.dataSourceOf(s.worker()), s.millis());
    }

    private void replyLost(ReplyLost l) throws Exception {
        worker(l.actor());
        LostReplies.during(rig.recorder(), rig.scenario(), l.actor(), rig.dataSourceOf(l.actor()), l.committing(),
                () -> take(l.call()));
    }

    /** A drainer finishes what is left (claiming again what expired), then the storage is read. */
    void finish() throws Exception {
        LeaseQueue drainer = rig.queue("drainer", DRAIN_LEASE);
        long deadline = System.nanoTime() + DRAIN_CAP_MILLIS * 1_000_000;
        while (!rig.allFinished() && System.nanoTime() < deadline) {
            List<Claim> claims = rig.claim("drainer", drainer, 10);
            for (Claim claim : claims) {
                rig.complete("drainer", drainer, claim, Completion.DONE);
            }
            if (claims.isEmpty()) {
                Pause.millis(20);
            }
        }
        rig.observeStorage();
    }

    @Override
    public void close() throws Exception {
        rig.close();
    }
}
