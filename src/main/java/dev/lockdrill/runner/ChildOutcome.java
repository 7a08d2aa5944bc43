package dev.lockdrill.runner;

import dev.lockdrill.history.History;

/** What came back from a check process: how it ended, the history it recorded, and a message when it did not finish. */
public record ChildOutcome(ChildStatus status, History history, String message, String detail, long millis) {
}
