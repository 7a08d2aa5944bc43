package dev.lockdrill.kata.redlock.protocol;

/** Names shared by the workload that records them and the checks that read them. */
public final class Roles {
    /** A write by the holder whose lease is the newest: the resource must accept it. */
    public static final String CURRENT = "current";
    /** A write by a holder whose lock has been superseded by a newer holder's write: it must be refused. */
    public static final String STALE = "stale";
    /** The observation with every command a client sent to a node and the node's reply. */
    public static final String TRAFFIC = "node-traffic";
    /** The observation with the stretches when the machine stalled the check itself ({@code StallRow}). */
    public static final String STALLS = "stalls";
    /** The observation with the protected resource's rows after a scenario. */
    public static final String RESOURCE = "resource";
    /** The observation with the harness's unfenced writes of a scenario. */
    public static final String UNFENCED = "unfenced-writes";
    /** The observation with the values the harness set on a node itself, mid-call: (node, key, value, atNanos). */
    public static final String PLANTED = "planted-values";
    /** Scenarios whose faults break the lock itself (a correct Redlock lets two holders act). */
    public static final java.util.Set<String> LESSONS = java.util.Set.of("paused-holder", "node-restart", "ttl-cut");

    private Roles() {
    }
}
