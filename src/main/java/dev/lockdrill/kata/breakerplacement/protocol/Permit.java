package dev.lockdrill.kata.breakerplacement.protocol;

import dev.lockdrill.history.Op;

import java.util.Map;

/**
 * The emitter asked a harness breaker for a permit: which breaker (its key and its instance
 * number: two breakers made for one key have two numbers), and whether it got one.
 */
public record Permit(String breaker, long instance, boolean granted) {
    static final String BREAKER = "breaker";
    static final String INSTANCE = "instance";
    static final String GRANTED = "granted";

    public Map<String, Object> toMap() {
        return Map.of(BREAKER, breaker, INSTANCE, instance, GRANTED, granted);
    }

    public static Permit of(Op op) {
        return new Permit(op.stringArg(BREAKER), op.longArg(INSTANCE), Boolean.parseBoolean(op.stringArg(GRANTED)));
    }
}
