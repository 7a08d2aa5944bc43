package dev.lockdrill.history;

/** A fault the harness injected: its name, the worker it hit, when, and what it did. */
public record FaultEvent(String name, String scenario, String target, long startNanos, long endNanos,
                         String description) {
}
