package dev.lockdrill.kata.doublesend.protocol;

/** The names of the ground-truth observations the double-send workload records for its checks. */
public final class SendObservations {
    /** The faults injected per notification ({@link InjectedFault} rows). */
    public static final String INJECTED = "injected";
    private static final String PROVIDER = "provider-";

    private SendObservations() {
    }

    /** The ledger of a provider kind ("dedup" or "push"): {@link LedgerEntry} rows. */
    public static String ledger(String kind) {
        return PROVIDER + kind;
    }

    /** The provider kind of a ledger observation, or null when the name is not a ledger's. */
    public static String kindOf(String observation) {
        return observation.startsWith(PROVIDER) ? observation.substring(PROVIDER.length()) : null;
    }
}
