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
    static final List<BreakerScenario> SCENARIOS = List.of(
            new MinimumCallsScenario(),
            new OpenWaitScenario(),
            new HalfOpenTrialsScenario(),
            new SlowCallScenario(),
            new ClockJumpScenario(),
            new FlappingScenario(),
            new HalfOpenRaceScenario(),
            new SlowBoundaryScenario(),
            new TickerWrapScenario(),
            new HalfOpenTrickleScenario(),
            new AbandonedPermitsScenario(),
            new SlidingWindowScenario(),
            new OutcomeHammerScenario(),
            new FractionalThresholdScenario(),
            new HalfOpenOrdersScenario(),
            new InterleavedCallsScenario());

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
