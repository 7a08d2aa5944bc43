package dev.lockdrill.harness.fencing;

/** What a worker saw from one write. */
enum WriteResult {
    ACCEPTED, REJECTED, UNKNOWN
}
