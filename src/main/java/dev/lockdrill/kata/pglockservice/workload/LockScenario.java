package dev.lockdrill.kata.pglockservice.workload;

/** One scripted situation the lock service must survive. */
interface LockScenario {
    String name();

    String summary();

    void run(LockRig rig) throws Exception;
}
