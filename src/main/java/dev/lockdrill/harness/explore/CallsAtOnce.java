package dev.lockdrill.harness.explore;

import dev.lockdrill.harness.Database;
import dev.lockdrill.harness.Recorder;
import dev.lockdrill.harness.WorkerDataSource;
import dev.lockdrill.harness.Workers;
import dev.lockdrill.harness.schedule.PriorityChangePoints;
import dev.lockdrill.harness.schedule.StatementScheduler;
import dev.lockdrill.history.Faults;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The explorers' step "two or three workers' calls at once, their round trips put in order by the
 * statement scheduler under priorities with change points drawn from the step's seed (PCT)": the
 * same seed, the same order of statements, at any load. The explorer keeps its own step record
 * (a {@link Step.Alone}, with {@link #ACTOR} as its actor, since the scheduler must own every round
 * trip of its workers' pools) and how it draws the calls; this says and does the rest alike.
 */
public final class CallsAtOnce {
    /** The actor of such a step. */
    public static final String ACTOR = "scheduler";
    /** PCT's depth: two change points among the workers' steps. */
    public static final int DEPTH = 3;

    /**
     * An explorer's step of calls at once, said from its calls and seed: taken by {@link #ACTOR},
     * alone. Explorers whose calls are steps of their own declare it as a record of the two.
     */
    public interface Together<C extends Step> extends Step.Alone {
        List<C> calls();

        long seed();

        @Override
        default String actor() {
            return ACTOR;
        }

        @Override
        default String describe() {
            return CallsAtOnce.describe(calls().stream().map(call -> call.actor() + " " + call.describe()).toList(),
                    seed());
        }
    }

    /** One worker's call in the step: its pool and what it does. */
    public record Call(String worker, WorkerDataSource pool, Workers.CheckedRunnable body) {
    }

    private CallsAtOnce() {
    }

    /** The step's description, from each call's ("worker-1 tries to take a"). */
    public static String describe(List<String> calls, long seed) {
        return "at once: " + String.join("; ", calls) + "; their round trips ordered by seeded priorities (PCT, seed "
                + seed + ")";
    }

    /**
     * Runs the calls under the scheduler and records a SCHEDULE fault with the policy and the
     * swimlane (unlanded when the scheduler had to let go). {@code roundTripsPerCall}, about what
     * one call makes, is where PCT's change points may fall.
     */
    public static void take(Recorder recorder, String scenario, Database database, long seed, int roundTripsPerCall,
                            List<Call> calls) throws Exception {
        Map<WorkerDataSource, Workers.CheckedRunnable> bodies = new LinkedHashMap<>();
        List<String> workers = calls.stream().map(Call::worker).toList();
        calls.forEach(call -> bodies.put(call.pool(), call.body()));
        PriorityChangePoints policy = new PriorityChangePoints(new SplittableRandom(seed), workers, DEPTH,
                workers.size() * roundTripsPerCall);
        long start = recorder.now();
        StatementScheduler.Run run = StatementScheduler.run(database, policy, bodies);
        recorder.fault(Faults.SCHEDULE, scenario, String.join(", ", workers), start, !run.lostControl(),
                policy.describe() + "; " + run.swimlane()
                        + (run.lostControl() ? "; the scheduler lost control (nobody could move for 10 s)" : ""));
    }
}
