package dev.lockdrill.kata.breakerplacement.protocol;

import dev.lockdrill.history.Op;

import java.util.Map;

/** {@code emit} threw this instead of telling the outbox how the event ended. */
public record EmitThrew(String error) {
    static final String ERROR = "error";

    public Map<String, Object> toMap() {
        return Map.of(ERROR, String.valueOf(error));
    }

    public static EmitThrew of(Op op) {
        return new EmitThrew(op.stringArg(ERROR));
    }
}
