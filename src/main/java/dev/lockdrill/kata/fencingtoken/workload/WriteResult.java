package dev.lockdrill.kata.fencingtoken.workload;

/** What a worker saw from one write. */
enum WriteResult {
    ACCEPTED, REJECTED, UNKNOWN
}
