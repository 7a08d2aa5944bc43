package dev.lockdrill.kata.bulkhead.workload;

import dev.lockdrill.harness.interleave.Interleaving;
import dev.lockdrill.history.Faults;
import dev.lockdrill.kata.bulkhead.protocol.CallArgs;
import dev.lockdrill.katas.api.bulkhead.Bulkheads;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Three callers ask a hung dependency with room for two, on fresh bulkheads whose classes carry
 * yield points, so the harness decides every interleaving of their admission ({@link Interleaving}):
 * the first caller (chosen by the seed) is preempted once at each of its yield points in turn while
 * the other two make their calls. A permit count checked and then taken in two steps admits all
 * three in the schedule that stops the first caller between its check and its act, at every seed
 * and whatever the machine's load; a semaphore, a pool's bounded queue or a compare-and-set loop
 * admits two. The admitted calls stay inside the hung dependency until all three have been decided,
 * so {@code concurrency-within-limit} counts them there.
 */
final class InterleavedAdmissionScenario implements BulkheadScenario {
    static final String TARGET = "pg";
    static final int LIMIT = 2;
    static final int CALLERS = 3;
    /** Beyond this many yield points of the first caller, preemption points are sampled evenly. */
    static final int MAX_SCHEDULES = 30;
    static final long SETTLE_MILLIS = 2000;
    /** Tries of a schedule whose preemption did not happen (see {@link Interleaving.Outcome#preemptionMissed}). */
    static final int ATTEMPTS = 3;
    private static final int MISSED = -2;

    @Override
    public String name() {
        return "interleaved-admission";
    }

    @Override
    public String summary() {
        return CALLERS + " callers at a hung " + TARGET + " (limit " + LIMIT + "), the first preempted at each of "
                + "its yield points";
    }

    @Override
    public Map<String, Integer> limits() {
        return Map.of(TARGET, LIMIT);
    }

    @Override
    public long delayMillis() {
        return 1;
    }

    @Override
    public Duration callTimeout() {
        return Duration.ofSeconds(5);
    }

    @Override
    public void run(BulkheadRig rig, SplittableRandom random) throws Exception {
        List<Integer> order = new ArrayList<>(List.of(1, 2, 3));
        Collections.rotate(order, random.nextInt(order.size()));
        long start = rig.recorder().now();
        int n = 0;
        int yields = schedule(rig, order, 0, ++n);
        int stride = Math.max(1, (yields + MAX_SCHEDULES - 1) / MAX_SCHEDULES);
        for (int preemptAt = 1; preemptAt <= yields; preemptAt += stride) {
            if (schedule(rig, order, preemptAt, ++n) < 0) {
                break;
            }
        }
        // one line for the whole scenario; a schedule gets a line of its own only when it let more than
        // the limit in, or did not settle (thirty identical lines would bury what matters)
        rig.recorder().fault(Faults.HANG, rig.scenario(), TARGET, start, true, TARGET + " hung during each of "
                + n + " schedules of " + CALLERS + " callers (limit " + LIMIT + "), caller-" + order.get(0)
                + " preempted at " + (yields <= MAX_SCHEDULES ? "each of its " + yields + " yield points"
                : n - 1 + " of its " + yields + " yield points") + " in turn; replay with the run's --seed");
    }

    /**
     * One schedule on fresh bulkheads; returns how many yield points the first caller passed, or -1
     * when the schedule did not settle (a caller blocked in call(), as when the work runs on the
     * caller's thread: other scenarios judge that, and more schedules would only wait again).
     */
    private static int schedule(BulkheadRig rig, List<Integer> order, int preemptAt, int n) throws Exception {
        for (int attempt = 1; ; attempt++) {
            int yields = attempt(rig, order, preemptAt, n, attempt);
            if (yields != MISSED) {
                return yields;
            }
        }
    }

    /**
     * One try of a schedule; {@link #MISSED} when its preemption did not happen and it may be tried
     * again (on the last try, that schedule is unlanded: unknown, never a pass).
     */
    private static int attempt(BulkheadRig rig, List<Integer> order, int preemptAt, int n, int attempt)
            throws Exception {
        FakeDependency pg = rig.dependency(TARGET);
        rig.settle();
        // written by the callers' threads, read here while an abandoned caller may still add to it
        List<CompletableFuture<String>> futures = new CopyOnWriteArrayList<>();
        long start = rig.recorder().now();
        Interleaving.Outcome outcome;
        boolean settled;
        int inside;
        try (Bulkheads bulkheads = rig.interleavable()) {
            pg.hang();
            try {
                Interleaving interleaving = new Interleaving(preemptAt);
                for (int w : order) {
                    String caller = "s" + n + "-caller-" + w;
                    interleaving.add(caller, () -> futures.add(rig.start(bulkheads, caller, new CallArgs(TARGET))));
                }
                outcome = interleaving.run();
                // every call decided: rejected (its future done) or admitted and inside the hung dependency
                settled = Calls.await(() -> futures.size() == CALLERS
                        && futures.stream().filter(CompletableFuture::isDone).count() + pg.inFlight() >= CALLERS,
                        rig.deadline(SETTLE_MILLIS));
                inside = pg.inFlight();
            } finally {
                pg.recover();
            }
            Calls.await(() -> futures.stream().allMatch(CompletableFuture::isDone), rig.deadline(SETTLE_MILLIS));
        }
        String first = "s" + n + "-caller-" + order.get(0);
        String where = outcome.steps().stream().filter(step -> step.worker().equals(first))
                .skip(Math.max(0, preemptAt - 1)).findFirst().map(Interleaving.Step::at).orElse("its start");
        // the preemption this schedule is for did not happen: nobody else waited at a yield point then
        boolean missed = outcome.preemptionMissed() && inside <= LIMIT;
        if (missed && attempt < ATTEMPTS) {
            return MISSED;
        }
        boolean landed = settled && outcome.stuck().isEmpty() && !missed;
        if (!landed || inside > LIMIT) {
            rig.recorder().fault(Faults.HANG, rig.scenario(), TARGET, start, landed, landed
                    ? TARGET + " hung, schedule " + n + (preemptAt == 0 ? ", no preemption"
                    : ": " + first + " preempted at its yield point " + preemptAt + " (" + where + ")") + ": "
                    + inside + " calls got in (limit " + LIMIT + "); replay with the run's --seed"
                    : missed ? TARGET + " hung, schedule " + n + ": " + first + " was to be preempted at its yield "
                    + "point " + preemptAt + ", but no other caller waited at a yield point then, in " + ATTEMPTS
                    + " tries"
                    : TARGET + " hung, schedule " + n + " did not settle: " + outcome.stuck().orElse("a call neither "
                    + "rejected nor inside the dependency after " + SETTLE_MILLIS + " ms"));
        }
        return landed ? outcome.firstWorkerYields() : -1;
    }
}
