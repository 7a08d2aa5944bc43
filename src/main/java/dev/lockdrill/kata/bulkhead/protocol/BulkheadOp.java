package dev.lockdrill.kata.bulkhead.protocol;

import dev.lockdrill.history.OpType;

import java.util.Locale;

/** The operations a bulkhead history holds: a client's call, and the work that reached a dependency. */
public enum BulkheadOp implements OpType {
    /** A client called {@code Bulkheads.call(dependency, work)} and waited for (or gave up on) its future. */
    CALL,
    /** The work of one call, recorded by the dependency itself from entry to exit. */
    WORK;

    @Override
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
