package dev.lockdrill.kata.providerfallbackladder.workload;

import dev.lockdrill.harness.Scenarios;
import dev.lockdrill.harness.Workload;
import dev.lockdrill.harness.WorkloadContext;
import dev.lockdrill.harness.explore.Exploration;
import dev.lockdrill.harness.explore.Explorable;
import dev.lockdrill.support.ScheduleId;

import java.util.List;

/** The provider-fallback-ladder kata: each scenario drives a fresh ladder on virtual time; no database. */
public final class ProviderFallbackLadderWorkload implements Workload, Explorable {
    static final List<LadderScenario> SCENARIOS = List.of(
            new HangingProviderScenario(),
            new SharedByWorkersScenario(),
            new FailFastScenario(),
            new FlappingScenario(),
            new RecoveringProviderScenario(),
            new SlowProviderScenario(),
            new AllDownScenario(),
            new ClientErrorScenario(),
            new ExpiryStampedeScenario());

    @Override
    public void run(WorkloadContext context) throws Exception {
        for (LadderScenario scenario : SCENARIOS) {
            Scenarios.timed(context, scenario.name(), scenario.summary(), () -> {
                try (LadderRig rig = new LadderRig(context, scenario.name())) {
                    scenario.run(rig);
                }
            });
        }
    }

    @Override
    public void explore(WorkloadContext context, List<ScheduleId> schedules) throws Exception {
        Exploration.run(context, schedules, LadderExplorer::generate,
                schedule -> new LadderExplorer(new LadderRig(context, schedule.scenario()), schedule),
                LadderExplorer::take, explorer -> { });
    }
}
