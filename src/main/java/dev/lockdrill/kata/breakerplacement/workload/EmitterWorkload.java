package dev.lockdrill.kata.breakerplacement.workload;

import dev.lockdrill.harness.Workload;
import dev.lockdrill.harness.WorkloadContext;
import dev.lockdrill.kata.breakerplacement.protocol.EmitterObservation;

import java.util.List;

/**
 * The breaker-placement kata: the learner's compiled classes are scanned with ArchUnit, then each
 * scenario drives a fresh emitter on virtual time; no database.
 */
public final class EmitterWorkload implements Workload {
    static final List<EmitterScenario> SCENARIOS = List.of(
            new CredentialRevokedScenario(),
            new PlatformDownScenario(),
            new BadItemsScenario());

    @Override
    public void run(WorkloadContext context) {
        context.recorder().progress("structure", "scanning compiled classes for platform calls");
        context.recorder().observe(EmitterObservation.STRUCTURE.label(), "structure", StructureScan.scan(context.implementation().classesDir()));
        for (EmitterScenario scenario : SCENARIOS) {
            context.recorder().progress(scenario.name(), scenario.summary());
            scenario.run(new EmitterRig(context, scenario.name()), context.recorder());
        }
    }
}
