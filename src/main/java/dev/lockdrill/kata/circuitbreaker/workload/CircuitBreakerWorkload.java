package dev.lockdrill.kata.circuitbreaker.workload;

import dev.lockdrill.harness.Scenarios;
import dev.lockdrill.harness.Workload;
import dev.lockdrill.harness.WorkloadContext;
import dev.lockdrill.harness.explore.Exploration;
import dev.lockdrill.harness.explore.Explorable;
import dev.lockdrill.support.ScheduleId;

import java.util.List;

/** The circuit-breaker kata: each scenario drives fresh breakers on virtual time; no database. */
public final class CircuitBreakerWorkload implements Workload, Explorable {
    public static final BreakerScenario MINIMUM_CALLS = new MinimumCallsScenario();
    public static final BreakerScenario OPEN_WAIT = new OpenWaitScenario();
    public static final BreakerScenario HALF_OPEN_TRIALS = new HalfOpenTrialsScenario();
    public static final BreakerScenario SLOW_CALLS = new SlowCallScenario();
    public static final BreakerScenario CLOCK_JUMP = new ClockJumpScenario();
    public static final BreakerScenario FLAPPING = new FlappingScenario();
    public static final BreakerScenario HALF_OPEN_RACE = new HalfOpenRaceScenario();
    public static final BreakerScenario SLOW_BOUNDARY = new SlowBoundaryScenario();
    public static final BreakerScenario TICKER_WRAP = new TickerWrapScenario();
    public static final BreakerScenario HALF_OPEN_TRICKLE = new HalfOpenTrickleScenario();
    public static final BreakerScenario ABANDONED_PERMITS = new AbandonedPermitsScenario();
    public static final BreakerScenario SLIDING_WINDOW = new SlidingWindowScenario();
    public static final BreakerScenario OUTCOME_HAMMER = new OutcomeHammerScenario();
    public static final BreakerScenario FRACTIONAL_THRESHOLDS = new FractionalThresholdScenario();
    public static final BreakerScenario HALF_OPEN_ORDERS = new HalfOpenOrdersScenario();
    public static final BreakerScenario INTERLEAVED_CALLS = new InterleavedCallsScenario();

    /** The scripted scenarios, in the order they run. */
    public static final List<BreakerScenario> SCENARIOS = List.of(MINIMUM_CALLS, OPEN_WAIT, HALF_OPEN_TRIALS,
            SLOW_CALLS, CLOCK_JUMP, FLAPPING, HALF_OPEN_RACE, SLOW_BOUNDARY, TICKER_WRAP, HALF_OPEN_TRICKLE,
            ABANDONED_PERMITS, SLIDING_WINDOW, OUTCOME_HAMMER, FRACTIONAL_THRESHOLDS, HALF_OPEN_ORDERS,
            INTERLEAVED_CALLS);

    @Override
    public void run(WorkloadContext context) throws Exception {
        for (BreakerScenario scenario : SCENARIOS) {
            Scenarios.timed(context, scenario.name(), scenario.summary(),
                    () -> scenario.run(new BreakerRig(context, scenario.name())));
        }
    }

    @Override
    public void explore(WorkloadContext context, List<ScheduleId> schedules) throws Exception {
        Exploration.run(context, schedules, BreakerExplorer::generate,
                schedule -> new BreakerExplorer(new BreakerRig(context, schedule.scenario()), schedule),
                BreakerExplorer::take, explorer -> { });
    }
}
