package dev.lockdrill.kata.breakerplacement.protocol;

import dev.lockdrill.history.Op;

import java.util.Map;

/** The emitter asked the factory for the breaker of this key ("platform/credential"). */
public record BreakerCreated(String breaker) {
    static final String BREAKER = "breaker";

    public Map<String, Object> toMap() {
        return Map.of(BREAKER, breaker);
    }

    public static BreakerCreated of(Op op) {
        return new BreakerCreated(op.stringArg(BREAKER));
    }
}
