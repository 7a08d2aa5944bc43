package dev.lockdrill.kata.bulkhead.workload;

import dev.lockdrill.harness.Workload;
import dev.lockdrill.harness.WorkloadContext;
import dev.lockdrill.harness.explore.Exploration;
import dev.lockdrill.harness.explore.Explorable;
import dev.lockdrill.support.ScheduleId;

import java.util.List;

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

    @Override
    public void run(WorkloadContext context) throws Exception {
        for (BulkheadScenario scenario : SCENARIOS) {
            context.recorder().progress(scenario.name(), scenario.summary());
            try (BulkheadRig rig = new BulkheadRig(context, scenario.name(), scenario.limits(),
                    scenario.delayMillis(), scenario.callTimeout())) {
                scenario.run(rig, rig.random());
                rig.quiesce();
            }
        }
    }

    @Override
    public void explore(WorkloadContext context, List<ScheduleId> schedules) throws Exception {
        Exploration.run(context, schedules, BulkheadExplorer::generate,
                schedule -> new BulkheadExplorer(context, schedule), BulkheadExplorer::take, BulkheadExplorer::finish);
    }
}
