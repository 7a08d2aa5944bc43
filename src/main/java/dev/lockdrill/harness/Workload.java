package dev.lockdrill.harness;

/**
 * The scenarios of one kata: drives the implementation under test with workers and faults and
 * records everything in the context's recorder. Runs inside the child JVM.
 */
public interface Workload {
    void run(WorkloadContext context) throws Exception;

    /**
     * What a check process started ahead of its check may bring up while it waits for its job: what
     * takes long, needs nothing of the job (the run's schema is not made yet) and ends with the process
     * (servers of its own, say). {@link #run} must work without it: a check process started for its
     * check at once never calls this, and what failed here is started again there.
     */
    default void prepareAhead() throws Exception {
    }
}
