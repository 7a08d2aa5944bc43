package dev.lockdrill.kata.outboxrelay.protocol;

import dev.lockdrill.history.Op;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A relayBatch op: the max it was asked for and, where the harness knows it (one relay, no fault,
 * nothing else in flight), how many committed events were pending right before the call. Its
 * result: how many events the call said it published.
 */
public record RelayBatch(int max, long pending) {
    /** The pending count was not measured for this call. */
    public static final long UNKNOWN = -1;
    static final String MAX = "max";
    static final String PENDING = "pending";
    static final String PUBLISHED = "published";

    public RelayBatch(int max) {
        this(max, UNKNOWN);
    }

    public Map<String, Object> toMap() {
        Map<String, Object> args = new LinkedHashMap<>();
        args.put(MAX, max);
        if (pending != UNKNOWN) {
            args.put(PENDING, pending);
        }
        return args;
    }

    public static RelayBatch of(Op op) {
        Object pending = op.args().get(PENDING);
        return new RelayBatch((int) op.longArg(MAX), pending instanceof Number n ? n.longValue() : UNKNOWN);
    }

    public boolean pendingKnown() {
        return pending != UNKNOWN;
    }

    public static Map<String, Object> result(int published) {
        return Map.of(PUBLISHED, published);
    }

    /** What the call returned, empty unless it returned. */
    public static Optional<Integer> published(Op op) {
        Long value = op.ok() ? op.longResult(PUBLISHED) : null;
        return Optional.ofNullable(value).map(Long::intValue);
    }
}
