package dev.lockdrill.kata.bulkhead.protocol;

import java.util.Locale;

/** Ground truth a bulkhead scenario records: the limits it configured, and the free permits after it. */
public enum BulkheadObservation {
    /** One {@link LimitRow} per dependency, recorded when the scenario's bulkheads are made. */
    LIMITS,
    /** One {@link PermitRow} per dependency, recorded once every call of the scenario has ended. */
    PERMITS;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
