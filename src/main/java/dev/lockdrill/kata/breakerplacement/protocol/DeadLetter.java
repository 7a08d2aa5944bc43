package dev.lockdrill.kata.breakerplacement.protocol;

import dev.lockdrill.history.Fields;
import dev.lockdrill.history.Op;

import java.util.Map;

/** The emitter parked the event in the dead-letter queue, saying why (a null reason is recorded as "null"). */
public record DeadLetter(@Fields.NullAsText String reason) {
    public Map<String, Object> toMap() {
        return Fields.of(this);
    }

    public static DeadLetter of(Op op) {
        return op.args(DeadLetter.class);
    }
}
