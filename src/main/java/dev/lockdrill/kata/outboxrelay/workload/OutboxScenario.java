package dev.lockdrill.kata.outboxrelay.workload;

import dev.lockdrill.harness.Scenario;

/** One scripted situation the outbox relay must survive. */
public interface OutboxScenario extends Scenario<OutboxRig> {
}
