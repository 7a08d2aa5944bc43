package dev.lockdrill.kata.breakerplacement.protocol;

import dev.lockdrill.history.Op;

import java.util.Map;

/** The emitter deferred the event; {@code afterMillis} is -1 when it gave no delay. */
public record RetryLater(long afterMillis) {
    static final String AFTER_MILLIS = "afterMillis";

    public Map<String, Object> toMap() {
        return Map.of(AFTER_MILLIS, afterMillis);
    }

    public static RetryLater of(Op op) {
        return new RetryLater(op.longArg(AFTER_MILLIS));
    }
}
