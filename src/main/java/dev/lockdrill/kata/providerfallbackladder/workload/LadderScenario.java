package dev.lockdrill.kata.providerfallbackladder.workload;

/** One scripted situation the ladder must handle, on virtual time. */
interface LadderScenario {
    String name();

    String summary();

    void run(LadderRig rig) throws Exception;
}
