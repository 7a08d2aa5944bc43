package dev.lockdrill.katas.api.ladder;

/** How a job ended. */
public enum JobStatus {
    /** A provider answered 2xx; its output is the job's. */
    COMPLETED,
    /** A provider answered 4xx: the request itself is wrong, so no other rung is tried. */
    REJECTED,
    /** No rung answered: each failed, timed out, was skipped as down, or the job's budget ran out. */
    FAILED
}
