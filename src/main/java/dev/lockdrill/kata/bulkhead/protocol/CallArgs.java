package dev.lockdrill.kata.bulkhead.protocol;

import dev.lockdrill.history.Fields;
import dev.lockdrill.history.Op;

import java.util.Map;

/**
 * What a client asked for: a call to one dependency. {@code burst} names the group of calls that
 * a hammer released at one instant at a hung dependency of fresh bulkheads, every permit free
 * (null, and not recorded, for any other call).
 */
public record CallArgs(String dependency, String burst) {
    public CallArgs(String dependency) {
        this(dependency, null);
    }

    public Map<String, Object> toMap() {
        return Fields.of(this);
    }

    public static CallArgs of(Op call) {
        return call.args(CallArgs.class);
    }
}
