package dev.lockdrill.kata.fencingtoken.workload;

/** One scripted situation the store must survive. */
interface FencingScenario {
    String name();

    String summary();

    void run(FencingRig rig) throws Exception;
}
