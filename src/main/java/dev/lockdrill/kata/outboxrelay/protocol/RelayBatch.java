package dev.lockdrill.kata.outboxrelay.protocol;

import dev.lockdrill.history.Fields;
import dev.lockdrill.history.Op;

import java.util.Map;
import java.util.Optional;

/**
 * A relayBatch op: the max it was asked for and, where the harness knows it (one relay, no fault,
 * nothing else in flight), how many committed events were pending right before the call. Its
 * result: how many events the call said it published. An unknown pending count is not recorded.
 */
public record RelayBatch(int max, @Fields.OmittedWhenNone long pending) {
    /** The pending count was not measured for this call. */
    public static final long UNKNOWN = Fields.NONE;

    /** The result of a relayBatch that returned. */
    record Published(Integer published) {
    }

    public RelayBatch(int max) {
        this(max, UNKNOWN);
    }

    public Map<String, Object> toMap() {
        return Fields.of(this);
    }

    public static RelayBatch of(Op op) {
        return op.args(RelayBatch.class);
    }

    public boolean pendingKnown() {
        return pending != UNKNOWN;
    }

    public static Map<String, Object> result(int published) {
        return Fields.of(new Published(published));
    }

    /** What the call returned, empty unless it returned. */
    public static Optional<Integer> published(Op op) {
        return op.ok() ? Optional.ofNullable(op.result(Published.class).published()) : Optional.empty();
    }
}
