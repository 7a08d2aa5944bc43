package dev.lockdrill.kata.circuitbreaker.workload;

import dev.lockdrill.harness.interleave.Interleaving;
import dev.lockdrill.katas.api.breaker.BreakerConfig;
import dev.lockdrill.kata.circuitbreaker.protocol.Schedule;
import dev.lockdrill.kata.circuitbreaker.protocol.Scenarios;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.OptionalInt;

/**
 * Three workers call one breaker at the moments where a transition is due (CLOSED filling its window
 * to the threshold, CLOSED at its threshold, OPEN at the end of its wait, HALF_OPEN at its verdict),
 * with the breaker's classes loaded with yield points, so the harness decides every interleaving of
 * their field reads and writes ({@link Interleaving}). At each moment the first worker (chosen by the
 * seed) is preempted once at each of its yield points in turn, the others running their calls in
 * between: a check-then-act is caught because one of these schedules puts a worker between the check
 * and the act (a count lost between a read and its write, because one puts a worker between the two),
 * not because the machine happened to be idle. Each schedule is recorded, so a breaker no sequential
 * order explains is shown with the interleaving that broke it.
 */
final class InterleavedCallsScenario implements BreakerScenario {
    /** Beyond this many yield points of the first worker, preemption points are sampled evenly. */
    static final int MAX_SCHEDULES_PER_MOMENT = 40;
    private static final long CALL_NANOS = 1_000_000L;
    /** Tries of a schedule whose preemption did not happen (see {@link Interleaving.Outcome#preemptionMissed}). */
    static final int ATTEMPTS = 3;

    /**
     * A state where a transition is due (or a count decides whether it is), and what the three
     * workers do there at once.
     */
    private enum Moment {
        /*
         * The window's counting, not a transition: one success, then two failures and a success at once,
         * which make exactly the minimum number of calls at exactly the threshold, so one lost count
         * (of calls or of failures) leaves it CLOSED and one counted twice opens it a call early.
         */
        CLOSED_FILLING("two failures and a success reported at once, filling a CLOSED window to exactly its "
                + "threshold"),
        CLOSED_AT_THRESHOLD("three failures reported at once to a CLOSED breaker at its threshold"),
        OPEN_WAIT_OVER("three permits asked at once just after the open wait"),
        HALF_OPEN_VERDICT("the last trial outcomes and a permit request at once in HALF_OPEN");

        private final String description;

        Moment(String description) {
            this.description = description;
        }
    }

    @Override
    public String name() {
        return Scenarios.INTERLEAVED_CALLS;
    }

    @Override
    public String summary() {
        return Moment.values().length + " moments where a transition is due, 3 workers, the first preempted "
                + "at each of its yield points";
    }

    @Override
    public void run(BreakerRig rig) throws Exception {
        String replay = "lockdrill check circuit-breaker --seed " + rig.seed();
        int n = 0;
        for (Moment moment : Moment.values()) {
            List<Integer> order = new ArrayList<>(List.of(1, 2, 3));
            Collections.rotate(order, rig.random().nextInt(order.size()));
            int yields = runOne(rig, moment, "i" + ++n, order, 0, replay);
            int stride = Math.max(1, (yields + MAX_SCHEDULES_PER_MOMENT - 1) / MAX_SCHEDULES_PER_MOMENT);
            for (int preemptAt = 1; preemptAt <= yields; preemptAt += stride) {
                runOne(rig, moment, "i" + ++n, order, preemptAt, replay);
            }
        }
    }

    /**
     * Runs one schedule, on a fresh breaker per try, until its preemption happens (at most
     * {@link #ATTEMPTS} tries; a schedule that never got it is recorded as stuck, so the verdict is
     * unknown, never a pass); returns how many yield points the first worker passed.
     */
    private static int runOne(BreakerRig rig, Moment moment, String id, List<Integer> order, int preemptAt,
                              String replay) throws InterruptedException {
        for (int attempt = 1; ; attempt++) {
            String breaker = attempt == 1 ? id : id + "-try" + attempt;
            OptionalInt yields = tryOne(rig, moment, breaker, order, preemptAt, replay, attempt == ATTEMPTS);
            if (yields.isPresent()) {
                return yields.getAsInt();
            }
        }
    }

    /** One try of a schedule; empty when its preemption did not happen and it may be tried again. */
    private static OptionalInt tryOne(BreakerRig rig, Moment moment, String id, List<Integer> order, int preemptAt,
                                      String replay, boolean last) throws InterruptedException {
        BreakerConfig config = new BreakerConfig(50, 100, Duration.ofSeconds(10), 4,
                moment == Moment.CLOSED_FILLING ? 4 : 2, Duration.ofSeconds(30), moment == Moment.OPEN_WAIT_OVER ? 1 : 2);
        BreakerProbe probe = rig.openInterleavable(id, config);
        Interleaving interleaving = new Interleaving(preemptAt);
        switch (moment) {
            case CLOSED_FILLING:
                rig.call(probe, false, 1);
                for (int w : order) {
                    String worker = "w-" + w;
                    boolean failed = w != 3;
                    interleaving.add(worker, () -> rig.outcome(probe, worker, failed, CALL_NANOS));
                }
                break;
            case CLOSED_AT_THRESHOLD:
                rig.call(probe, false, 1);
                for (int w : order) {
                    String worker = "w-" + w;
                    interleaving.add(worker, () -> rig.outcome(probe, worker, true, CALL_NANOS));
                }
                break;
            case OPEN_WAIT_OVER:
                long opened = rig.failFast(probe, config.minimumNumberOfCalls());
                rig.advanceTo(probe, opened, probe.pastWaitMillis());
                for (int w : order) {
                    String worker = "w-" + w;
                    interleaving.add(worker, () -> rig.acquire(probe, worker, 0));
                }
                break;
            default:
                long reopened = rig.failFast(probe, config.minimumNumberOfCalls());
                rig.advanceTo(probe, reopened, probe.pastWaitMillis());
                rig.acquire(probe);
                rig.acquire(probe);
                for (int w : order) {
                    String worker = "w-" + w;
                    interleaving.add(worker, w == 3 ? () -> rig.acquire(probe, worker, 0)
                            : () -> rig.outcome(probe, worker, w == 1, CALL_NANOS));
                }
                break;
        }
        Interleaving.Outcome outcome = interleaving.run();
        // the preemption this schedule is for did not happen: nobody else waited at a yield point then
        boolean missed = outcome.preemptionMissed() && outcome.stuck().isEmpty();
        if (missed && !last) {
            return OptionalInt.empty();
        }
        String stuck = missed ? "w-" + order.get(0) + " was to be preempted at its yield point " + preemptAt
                + ", but no other worker waited at a yield point then, in " + ATTEMPTS + " tries"
                : outcome.stuck().orElse("");
        List<Schedule.Step> steps = new ArrayList<>();
        for (Interleaving.Step step : outcome.steps()) {
            steps.add(new Schedule.Step(step.worker(), step.at()));
        }
        rig.recorder().observe(Schedule.OBSERVATION, rig.scenario(), List.of(new Schedule(probe.id(),
                moment.description, steps, stuck, replay).toRow()));
        return OptionalInt.of(outcome.firstWorkerYields());
    }
}
