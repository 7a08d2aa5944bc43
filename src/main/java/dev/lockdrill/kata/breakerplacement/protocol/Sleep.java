package dev.lockdrill.kata.breakerplacement.protocol;

import dev.lockdrill.history.Op;

import java.util.Map;

/** The emitter asked the sleeper to wait this long (virtual ms). */
public record Sleep(long millis) {
    static final String MILLIS = "millis";

    public Map<String, Object> toMap() {
        return Map.of(MILLIS, millis);
    }

    public static Sleep of(Op op) {
        return new Sleep(op.longArg(MILLIS));
    }
}
