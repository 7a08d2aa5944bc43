package dev.lockdrill.kata.outboxrelay.protocol;

import dev.lockdrill.history.Op;

import java.util.Map;
import java.util.Optional;

/** A relayBatch op: the max it was asked for; its result, how many events it said it published. */
public record RelayBatch(int max) {
    static final String MAX = "max";
    static final String PUBLISHED = "published";

    public Map<String, Object> toMap() {
        return Map.of(MAX, max);
    }

    public static RelayBatch of(Op op) {
        return new RelayBatch((int) op.longArg(MAX));
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
