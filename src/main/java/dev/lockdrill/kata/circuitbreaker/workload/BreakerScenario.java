package dev.lockdrill.kata.circuitbreaker.workload;

/** One scripted situation the breaker must handle, on virtual time. */
interface BreakerScenario {
    String name();

    String summary();

    void run(BreakerRig rig) throws Exception;
}
