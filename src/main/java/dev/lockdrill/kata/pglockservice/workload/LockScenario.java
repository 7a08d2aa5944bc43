package dev.lockdrill.kata.pglockservice.workload;

import dev.lockdrill.harness.Scenario;

/** One scripted situation the lock service must survive. */
public interface LockScenario extends Scenario<LockRig> {
}
