package dev.lockdrill.kata.breakerplacement.protocol;

import dev.lockdrill.history.Op;

import java.util.Map;

/**
 * The emitter asked a harness breaker for a permit: which breaker (its key and its instance
 * number: two breakers made for one key have two numbers), whether it got one, and the number the
 * breaker gave the permit it granted ({@value #NONE} when refused): the call that spends it and the
 * report that settles it name the same number.
 */
public record Permit(String breaker, long instance, boolean granted, long number) {
    public static final long NONE = -1;
    static final String BREAKER = "breaker";
    static final String INSTANCE = "instance";
    static final String GRANTED = "granted";
    static final String NUMBER = "permit";

    public Map<String, Object> toMap() {
        return Map.of(BREAKER, breaker, INSTANCE, instance, GRANTED, granted, NUMBER, number);
    }

    public static Permit of(Op op) {
        Object number = op.args().get(NUMBER);
        return new Permit(op.stringArg(BREAKER), op.longArg(INSTANCE), Boolean.parseBoolean(op.stringArg(GRANTED)),
                number instanceof Number n ? n.longValue() : NONE);
    }
}
