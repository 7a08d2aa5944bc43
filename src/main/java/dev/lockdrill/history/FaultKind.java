package dev.lockdrill.history;

/**
 * The kind of a fault the harness injects (a pause, a killed session, a clock jump...). Common
 * kinds are in {@code history.Faults}; a kata with faults of its own declares them as an
 * enum in its {@code protocol} package.
 */
public interface FaultKind {
    /** The name stored in the history and printed with the verdict, e.g. "pause". */
    String label();
}
