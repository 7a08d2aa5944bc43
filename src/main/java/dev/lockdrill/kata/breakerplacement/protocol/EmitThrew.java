package dev.lockdrill.kata.breakerplacement.protocol;

import dev.lockdrill.history.Fields;
import dev.lockdrill.history.Op;

import java.util.Map;

/** {@code emit} threw this instead of telling the outbox how the event ended (a null is recorded as "null"). */
public record EmitThrew(@Fields.NullAsText String error) {
    public Map<String, Object> toMap() {
        return Fields.of(this);
    }

    public static EmitThrew of(Op op) {
        return op.args(EmitThrew.class);
    }
}
