package dev.lockdrill.kata.leaseclaim.workload;

/** One scripted situation the lease queue must survive. */
interface LeaseScenario {
    String name();

    String summary();

    void run(LeaseRig rig) throws Exception;
}
