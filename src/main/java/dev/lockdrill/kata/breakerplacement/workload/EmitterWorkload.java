package dev.lockdrill.kata.breakerplacement.workload;

import dev.lockdrill.harness.Scenarios;
import dev.lockdrill.harness.Workload;
import dev.lockdrill.harness.WorkloadContext;
import dev.lockdrill.harness.explore.Exploration;
import dev.lockdrill.harness.explore.Explorable;
import dev.lockdrill.support.ScheduleId;

import java.util.List;

/** The breaker-placement kata: each scenario drives a fresh emitter on virtual time; no database. */
public final class EmitterWorkload implements Workload, Explorable {
    public static final EmitterScenario CREDENTIAL_REVOKED = new CredentialRevokedScenario();
    public static final EmitterScenario PLATFORM_DOWN = new PlatformDownScenario();
    public static final EmitterScenario BAD_ITEMS = new BadItemsScenario();
    public static final EmitterScenario RATE_LIMITED = new RateLimitedScenario();
    public static final EmitterScenario PARALLEL_WORKERS = new ParallelWorkersScenario();

    /** The scripted scenarios, in the order they run. */
    public static final List<EmitterScenario> SCENARIOS = List.of(CREDENTIAL_REVOKED, PLATFORM_DOWN, BAD_ITEMS,
            RATE_LIMITED, PARALLEL_WORKERS);

    @Override
    public void run(WorkloadContext context) throws Exception {
        for (EmitterScenario scenario : SCENARIOS) {
            Scenarios.timed(context, scenario.name(), scenario.summary(),
                    () -> scenario.run(new EmitterRig(context, scenario.name()), context.recorder()));
        }
    }

    @Override
    public void explore(WorkloadContext context, List<ScheduleId> schedules) throws Exception {
        Exploration.run(context, schedules, PlacementExplorer::generate,
                schedule -> new PlacementExplorer(context, schedule), PlacementExplorer::take,
                PlacementExplorer::finish);
    }
}
