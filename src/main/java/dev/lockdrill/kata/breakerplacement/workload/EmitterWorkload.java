package dev.lockdrill.kata.breakerplacement.workload;

import dev.lockdrill.harness.Workload;
import dev.lockdrill.harness.WorkloadContext;

import java.util.List;

/** The breaker-placement kata: each scenario drives a fresh emitter on virtual time; no database. */
public final class EmitterWorkload implements Workload {
    static final List<EmitterScenario> SCENARIOS = List.of(
            new CredentialRevokedScenario(),
            new PlatformDownScenario(),
            new BadItemsScenario(),
            new RateLimitedScenario(),
            new ParallelWorkersScenario());

    @Override
    public void run(WorkloadContext context) {
        for (EmitterScenario scenario : SCENARIOS) {
            context.recorder().progress(scenario.name(), scenario.summary());
            scenario.run(new EmitterRig(context, scenario.name()), context.recorder());
        }
    }
}
