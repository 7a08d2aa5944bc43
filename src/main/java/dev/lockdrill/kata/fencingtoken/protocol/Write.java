package dev.lockdrill.kata.fencingtoken.protocol;

import dev.lockdrill.history.Fields;
import dev.lockdrill.history.Op;

import java.util.Map;

/** The arguments of one write: the key, the writer's fencing token and the value. */
public record Write(String key, long token, String value) {
    public Map<String, Object> toMap() {
        return Fields.of(this);
    }

    public static Write of(Op op) {
        return op.args(Write.class);
    }
}
