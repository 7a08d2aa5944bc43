package dev.lockdrill.kata.pglockservice.workload;

import dev.lockdrill.harness.Scenario;

/** One scripted situation the lock service must survive. */
interface LockScenario extends Scenario<LockRig> {
}
