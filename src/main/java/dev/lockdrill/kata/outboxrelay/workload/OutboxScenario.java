package dev.lockdrill.kata.outboxrelay.workload;

/** One scripted situation the outbox relay must survive. */
interface OutboxScenario {
    String name();

    String summary();

    void run(OutboxRig rig) throws Exception;
}
