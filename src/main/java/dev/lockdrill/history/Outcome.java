package dev.lockdrill.history;

/**
 * How an operation ended, as seen by the client. As in Jepsen/Maelstrom, an operation whose
 * effect cannot be known (the connection died, the call threw after sending) is INFO, never guessed.
 */
public enum Outcome {
    /** Completed and its result is known. */
    OK,
    /** Definitely had no effect. */
    FAIL,
    /** May or may not have taken effect. */
    INFO
}
