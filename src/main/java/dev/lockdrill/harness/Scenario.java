package dev.lockdrill.harness;

import dev.lockdrill.history.NamedScenario;

/** One scripted situation of a kata's workload: its name, one line of what it does, and its run on a rig. */
public interface Scenario<R> extends NamedScenario {
    void run(R rig) throws Exception;
}
