package dev.lockdrill.history;

/**
 * A fault the harness scheduled: its kind's name, the worker it hit, when, whether it actually
 * landed (a kill with no session to kill did not), and what it did.
 */
public record FaultEvent(String name, String scenario, String target, long startNanos, long endNanos,
                         boolean landed, String description) {

    public boolean is(FaultKind kind) {
        return name.equals(kind.label());
    }

    /** True when the fault was in force at some moment of [from, to]. */
    public boolean overlaps(long fromNanos, long toNanos) {
        return fromNanos <= endNanos && toNanos >= startNanos;
    }
}
