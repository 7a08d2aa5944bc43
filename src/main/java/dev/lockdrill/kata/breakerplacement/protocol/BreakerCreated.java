package dev.lockdrill.kata.breakerplacement.protocol;

import dev.lockdrill.history.Fields;
import dev.lockdrill.history.Op;

import java.util.Map;

/** The emitter asked the factory for the breaker of this key ("platform/credential"). */
public record BreakerCreated(String breaker) {
    public Map<String, Object> toMap() {
        return Fields.of(this);
    }

    public static BreakerCreated of(Op op) {
        return op.args(BreakerCreated.class);
    }
}
