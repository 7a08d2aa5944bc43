package dev.lockdrill.kata.bulkhead.protocol;

import java.util.Locale;

/** Ground truth a bulkhead scenario records: the limits it configured, the free permits, the machine's stalls. */
public enum BulkheadObservation {
    /** One {@link LimitRow} per dependency, recorded when the scenario's bulkheads are made. */
    LIMITS,
    /** One {@link PermitRow} per dependency, recorded once every call of the scenario has ended. */
    PERMITS,
    /** One {@link StallRow} per stall of the machine the scenario saw, recorded at its end. */
    STALLS;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
