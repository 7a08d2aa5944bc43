package dev.lockdrill.kata.circuitbreaker.workload;

import dev.lockdrill.history.NamedScenario;

/** One scripted situation the breaker must handle, on virtual time. */
public interface BreakerScenario extends NamedScenario {
    void run(BreakerRig rig) throws Exception;
}
