package dev.lockdrill.kata.redlock.workload;

import dev.lockdrill.harness.Scenario;

/** One scenario of the redlock check: a name, one line of what it does, and its run. */
public interface RedlockScenario extends Scenario<RedlockRig> {
}
