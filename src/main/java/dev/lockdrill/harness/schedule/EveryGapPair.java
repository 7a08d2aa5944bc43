package dev.lockdrill.harness.schedule;

import java.util.ArrayList;
import java.util.List;

/**
 * Every schedule of two workers with two preemptions: {@code first} held after its 1st round
 * trip, its 2nd, ... and for each, {@code second} held after its 1st, 2nd, ... round trip, then to
 * its end (see {@link Preempt#twice}). Stops going deeper when a worker no longer reaches the gap it
 * would be held in, or after {@code mostGaps} (an implementation that retries without end).
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

    /** What ran: the schedules that held {@code first}, and the most steps either worker took in one. */
    public record Result(List<Held> held, int mostSteps) {
    }

    public static Result run(String first, String second, int mostGaps, Schedule schedule) throws Exception {
        List<Held> held = new ArrayList<>();
        int steps = 1;
        for (int roundTrips = 1; roundTrips <= mostGaps; roundTrips++) {
            boolean firstHeld = false;
            for (int secondRoundTrips = 1; secondRoundTrips <= mostGaps; secondRoundTrips++) {
                String label = first + "-held-" + roundTrips + "-" + second + "-held-" + secondRoundTrips;
                Preempt policy = Preempt.twice(first, second, roundTrips, secondRoundTrips);
                StatementScheduler.Run run = schedule.run(policy, label);
                for (String worker : List.of(first, second)) {
                    steps = Math.max(steps, (int) run.steps().stream().filter(s -> s.worker().equals(worker)).count());
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
        return new Result(List.copyOf(held), steps);
    }
}
