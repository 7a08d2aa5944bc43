package dev.lockdrill.harness;

/**
 * The scenarios of one kata: drives the implementation under test with workers and faults and
 * records everything in the context's recorder. Runs inside the child JVM.
 */
public interface Workload {
    void run(WorkloadContext context) throws Exception;
}
