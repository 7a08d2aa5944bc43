package dev.lockdrill.kata.breakerplacement.protocol;

import dev.lockdrill.history.Fields;
import dev.lockdrill.history.Op;

import java.util.Map;

/** The emitter deferred the event; {@code afterMillis} is -1 when it gave no delay. */
public record RetryLater(long afterMillis) {
    public Map<String, Object> toMap() {
        return Fields.of(this);
    }

    public static RetryLater of(Op op) {
        return op.args(RetryLater.class);
    }
}
