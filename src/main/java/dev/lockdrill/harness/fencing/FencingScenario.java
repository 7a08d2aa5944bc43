package dev.lockdrill.harness.fencing;

/** One scripted situation the store must survive. */
interface FencingScenario {
    String name();

    String summary();

    void run(FencingRig rig) throws Exception;
}
