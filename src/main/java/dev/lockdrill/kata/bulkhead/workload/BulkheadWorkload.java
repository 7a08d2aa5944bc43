package dev.lockdrill.kata.bulkhead.workload;

import dev.lockdrill.harness.Lanes;
import dev.lockdrill.harness.Scenarios;
import dev.lockdrill.harness.Workload;
import dev.lockdrill.harness.WorkloadContext;
import dev.lockdrill.harness.explore.Exploration;
import dev.lockdrill.harness.explore.Explorable;
import dev.lockdrill.support.ScheduleId;

import java.util.List;
import java.util.Set;

/** The bulkhead kata: fresh bulkheads per scenario, fake dependencies, real threads; no database. */
public final class BulkheadWorkload implements Workload, Explorable {
    static final List<BulkheadScenario> SCENARIOS = List.of(
            new BaselineScenario(),
            new OneHangsScenario(),
            new OutageScenario(),
            new CancellationStormScenario(),
            new HammerScenario(),
            new TimeoutScenario());

    /** The scenarios' names, in the order they run. */
    public static List<String> scenarioNames() {
        return SCENARIOS.stream().map(BulkheadScenario::name).toList();
    }

    /**
     * The scenarios that share a lane ({@link Lanes}): the hang, the steady ones, the cancellations,
     * and the timeouts alone (a bulkhead that never times out keeps it waiting for its whole budget).
     */
    public static final List<Set<String>> LANES = List.of(Set.of("one-hangs", "hammer"),
            Set.of("baseline", "outage"), Set.of("cancellation-storm"), Set.of("timeout"));

    @Override
    public void run(WorkloadContext context) throws Exception {
        Lanes.run(context, SCENARIOS, BulkheadScenario::name, LANES, (lane, scenarios) -> {
            for (BulkheadScenario scenario : scenarios) {
                Scenarios.timed(lane, scenario.name(), scenario.summary(), () -> {
                    try (BulkheadRig rig = new BulkheadRig(lane, scenario.name(), scenario.limits(),
                            scenario.delayMillis(), scenario.callTimeout())) {
                        scenario.run(rig, rig.random());
                        rig.quiesce();
                    }
                });
            }
        });
    }

    @Override
    public void explore(WorkloadContext context, List<ScheduleId> schedules) throws Exception {
        Exploration.run(context, schedules, BulkheadExplorer::generate,
                schedule -> new BulkheadExplorer(context, schedule), BulkheadExplorer::take, BulkheadExplorer::finish);
    }
}
