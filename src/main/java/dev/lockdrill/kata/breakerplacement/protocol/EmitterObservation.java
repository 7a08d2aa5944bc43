package dev.lockdrill.kata.breakerplacement.protocol;

/** The names of what the emitter workload observes directly (not ops). */
public enum EmitterObservation {
    /** {@link Outage} rows: a fault window in virtual time. */
    OUTAGE("outage"),
    /** One {@link BreakerSettings} row per scenario. */
    BREAKER_CONFIG("breaker-config"),
    /** {@link HeldSleep} rows: whether other keys' emits went on while one emit slept. */
    HELD_SLEEP("held-sleep");

    private final String label;

    EmitterObservation(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
