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
    public static final LadderScenario HANGING_PROVIDER = new HangingProviderScenario();
    public static final LadderScenario SHARED_BY_WORKERS = new SharedByWorkersScenario();
    public static final LadderScenario FAIL_FAST_PROVIDER = new FailFastScenario();
    public static final LadderScenario FLAPPING_PROVIDER = new FlappingScenario();
    public static final LadderScenario RECOVERING_PROVIDER = new RecoveringProviderScenario();
    public static final LadderScenario SLOW_PROVIDER = new SlowProviderScenario();
    public static final LadderScenario ALL_DOWN = new AllDownScenario();
    public static final LadderScenario CLIENT_ERRORS = new ClientErrorScenario();
    public static final LadderScenario EXPIRY_STAMPEDE = new ExpiryStampedeScenario();

    /** The scripted scenarios, in the order they run. */
    public static final List<LadderScenario> SCENARIOS = List.of(HANGING_PROVIDER, SHARED_BY_WORKERS,
            FAIL_FAST_PROVIDER, FLAPPING_PROVIDER, RECOVERING_PROVIDER, SLOW_PROVIDER, ALL_DOWN, CLIENT_ERRORS,
            EXPIRY_STAMPEDE);

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
