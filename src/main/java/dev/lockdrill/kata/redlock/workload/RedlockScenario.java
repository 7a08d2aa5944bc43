package dev.lockdrill.kata.redlock.workload;

/** One scenario of the redlock check: a name, one line of what it does, and its run. */
interface RedlockScenario {
    String name();

    String summary();

    void run(RedlockRig rig) throws Exception;
}
