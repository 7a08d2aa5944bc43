package dev.lockdrill.harness.lockservice;

/** One scripted situation the lock service must survive. */
interface LockScenario {
    String name();

    String summary();

    void run(LockRig rig) throws Exception;
}
