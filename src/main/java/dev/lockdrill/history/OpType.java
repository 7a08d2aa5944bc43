package dev.lockdrill.history;

/**
 * The name of an operation in a kata's protocol. Each kata declares its operations once, as an
 * enum in its {@code protocol} package, and both the workload that records them and the checks
 * that read them use that enum: an operation renamed on one side no longer compiles on the other.
 */
public interface OpType {
    /** The name stored in the history and shown on timelines, e.g. "write". */
    String label();
}
