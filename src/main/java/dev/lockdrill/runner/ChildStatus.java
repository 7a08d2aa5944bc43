package dev.lockdrill.runner;

/** How the check process ended. */
public enum ChildStatus {
    /** The workload ran to the end; the history is complete. */
    COMPLETED,
    /** The harness could not drive the implementation (missing class or constructor, constructor threw). */
    HARNESS_ERROR,
    /** The hard time limit passed; the process was killed. */
    TIMEOUT,
    /** The process died before finishing (System.exit, out of memory, JVM crash). */
    CRASHED,
    /** The process was stopped by a signal from outside (Ctrl-C, a closed terminal, kill): not the learner's doing. */
    INTERRUPTED
}
