package dev.lockdrill.kata.breakerplacement.protocol;

import dev.lockdrill.history.Op;

import java.util.Map;

/** The emitter parked the event in the dead-letter queue, saying why. */
public record DeadLetter(String reason) {
    static final String REASON = "reason";

    public Map<String, Object> toMap() {
        return Map.of(REASON, String.valueOf(reason));
    }

    public static DeadLetter of(Op op) {
        return new DeadLetter(op.stringArg(REASON));
    }
}
