package dev.lockdrill.kata.providerfallbackladder.workload;

/**
 * What the harness knows of a job it handed over, looked up by the id it assigned: the worker it
 * belongs to, and the 4xx a serving provider answers it with (0: a good request).
 */
record JobTicket(String job, String worker, int clientError) {
    static final JobTicket UNKNOWN = new JobTicket("(a job the harness never handed over)", "unknown", 0);
}
