package dev.lockdrill.kata.fencingtoken.protocol;

/** Ground truth the workload reads from PostgreSQL after each scenario. */
public enum FencingObservations {
    /** The resource table's audit trail (one row per INSERT/UPDATE/DELETE, in storage order). */
    AUDIT("audit"),
    /** The resource table's final rows. */
    FINAL("final");

    private final String label;

    FencingObservations(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
