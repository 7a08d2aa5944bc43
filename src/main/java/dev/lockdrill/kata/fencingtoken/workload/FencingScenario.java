package dev.lockdrill.kata.fencingtoken.workload;

import dev.lockdrill.harness.Scenario;

/** One scripted situation the store must survive. */
public interface FencingScenario extends Scenario<FencingRig> {
}
