package dev.lockdrill.kata.leaseclaim.workload;

import dev.lockdrill.harness.Scenario;

/** One scripted situation the lease queue must survive. */
public interface LeaseScenario extends Scenario<LeaseRig> {

    /** The first row id of the scenario's own range, given its place among the scenarios (ids are {@code bigint}). */
    default long firstId(int index) {
        return (index + 1) * 100_000L;
    }
}
