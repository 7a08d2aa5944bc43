package dev.lockdrill.kata.bulkhead.protocol;

import java.util.Locale;

/** How a client's call may end under the contract (anything else is recorded as "other: ..."). */
public enum Ending {
    /** The future completed with the dependency's value. */
    VALUE,
    /** The future completed with the dependency's own error. */
    FAILED,
    /** The future completed with BulkheadFullException: the call was not made. */
    REJECTED,
    /** The future completed with TimeoutException after the call timeout. */
    TIMEOUT,
    /** The client cancelled the future. */
    CANCELLED;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
