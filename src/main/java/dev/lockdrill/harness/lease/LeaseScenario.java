package dev.lockdrill.harness.lease;

/** One scripted situation the lease queue must survive. */
interface LeaseScenario {
    String name();

    String summary();

    void run(LeaseRig rig) throws Exception;
}
