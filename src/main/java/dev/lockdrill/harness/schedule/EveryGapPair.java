package dev.lockdrill.harness.schedule;

import java.util.ArrayList;
import java.util.List;

/**
 * Every schedule of two workers with two preemptions: {@code first} held after its 1st round
 * trip, its 2nd, ... and for each, {@code second} held after its 1st, 2nd, ... round trip, then to
 * its end (see {@link Preempt#twice}). Stops going deeper when a worker no longer reaches the gap it
 * would be held in, or after {@code mostGaps} (an implementation that retries without end). A
 * schedule where a worker was seen parked before its gap and then went on past it (a busy machine
 * can show a moving thread as parked) is tried again, up to {@link #TRIES} times.
 */
public final class EveryGapPair {
    private EveryGapPair() {
    }

    /** Runs one schedule under the policy; {@code label} names it (use it in the names of what it writes). */
    @FunctionalInterface
    public interface Schedule {
        StatementScheduler.Run run(Preempt policy, String label) throws Exception;
    }

    /** One schedule that held {@code first} where it was built to. */
    public record Held(String label, Preempt policy, StatementScheduler.Run run) {
        /**
         * For a fault line: what the policy did, and the swimlane (the
         * label is in the names the schedule wrote, not repeated here).
         */
        public String describe() {
            return policy.describe() + "; "
                    + run.swimlane()
                    + (run.lostControl() ? "; the scheduler lost control (nobody could move for 10 s)" : "");
        }
    }

    /**
     * What ran: the schedules that held {@code first}, the gaps that were there but that no try
     * held (a worker seen parked at the wrong moment on a busy machine: coverage lost, so the
     * caller must not call it landed), and the most steps either worker took in one schedule.
     */
    public record Result(List<Held> held, List<String> missed, int mostSteps) {
    }

    /** Tries of one schedule whose worker went past the gap it was to be held in before it counts as missed. */
    public static final int TRIES = 3;

    public static Result run(String first, String second, int mostGaps, Schedule schedule) throws Exception {
        List<Held> held = new ArrayList<>();
        List<String> missed = new ArrayList<>();
        int steps = 1;
        for (int roundTrips = 1; roundTrips <= mostGaps; roundTrips++) {
            boolean firstHeld = false;
            for (int secondRoundTrips = 1; secondRoundTrips <= mostGaps; secondRoundTrips++) {
                String label = first + "-held-" + roundTrips + "-" + second + "-held-" + secondRoundTrips;
                Preempt policy;
                StatementScheduler.Run run;
                boolean passedGap;
                int tried = 0;
                do {
                    tried++;
                    policy = Preempt.twice(first, second, roundTrips, secondRoundTrips);
                    run = schedule.run(policy, tried == 1 ? label : label + "-try-" + tried);
                    // The first worker runs alone until its gap (the second has not begun), so more steps
                    // than the gap's mean it went through the gap unheld: seen parked at the wrong moment.
                    // The second may rightly stop before its gap (waiting on the first's lock, or in a
                    // retry's sleep), so one seen parked there is tried again but never called missed.
                    passedGap = !policy.held() && stepsOf(first, run) > roundTrips + 1;
                } while ((passedGap || parkedBeforeGap(second, secondRoundTrips, policy, run)) && tried < TRIES);
                for (String worker : List.of(first, second)) {
                    steps = Math.max(steps, stepsOf(worker, run));
                }
                if (passedGap) {
                    missed.add(policy.describe());
                }
                firstHeld = policy.held();
                if (!firstHeld) {
                    break;
                }
                held.add(new Held(label, policy, run));
                if (!policy.secondHeld()) {
                    break;
                }
            }
            if (!firstHeld) {
                break;
            }
        }
        return new Result(List.copyOf(held), List.copyOf(missed), steps);
    }

    /**
     * Whether {@code second} was let go before the gap it was to be held in because it was seen
     * parked in its own code (not waiting on a lock, not done), and then went on past that gap.
     */
    static boolean parkedBeforeGap(String second, int secondRoundTrips, Preempt policy, StatementScheduler.Run run) {
        if (!policy.held() || policy.secondHeld() || stepsOf(second, run) <= secondRoundTrips + 1) {
            return false;
        }
        int moved = 0;
        String last = null;
        for (StatementScheduler.Step step : run.steps()) {
            if (second.equals(last) && !step.worker().equals(second)) {
                return step.previousStop() == StatementScheduler.Stop.PARKED && moved < secondRoundTrips + 1;
            }
            if (step.worker().equals(second)) {
                moved++;
            }
            last = step.worker();
        }
        return false;
    }

    private static int stepsOf(String worker, StatementScheduler.Run run) {
        return (int) run.steps().stream().filter(s -> s.worker().equals(worker)).count();
    }
}
