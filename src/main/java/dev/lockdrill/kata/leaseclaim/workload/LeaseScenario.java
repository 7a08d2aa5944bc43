package dev.lockdrill.kata.leaseclaim.workload;

import dev.lockdrill.harness.Scenario;

/** One scripted situation the lease queue must survive. */
interface LeaseScenario extends Scenario<LeaseRig> {
}
