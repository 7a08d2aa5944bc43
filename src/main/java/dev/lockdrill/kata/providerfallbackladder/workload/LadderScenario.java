package dev.lockdrill.kata.providerfallbackladder.workload;

import dev.lockdrill.history.NamedScenario;

/** One scripted situation the ladder must handle, on virtual time. */
public interface LadderScenario extends NamedScenario {
    void run(LadderRig rig) throws Exception;
}
