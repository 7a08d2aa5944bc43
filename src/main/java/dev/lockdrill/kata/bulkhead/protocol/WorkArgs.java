package dev.lockdrill.kata.bulkhead.protocol;

import dev.lockdrill.history.Fields;
import dev.lockdrill.history.Op;

import java.util.Map;

/**
 * The work of client call {@code call} arriving at {@code dependency}; {@code onCallerThread} when
 * the bulkhead ran it on the thread that called {@code call()} (the contract says it never does).
 */
public record WorkArgs(String dependency, long call, boolean onCallerThread) {
    public Map<String, Object> toMap() {
        return Fields.of(this);
    }

    public static WorkArgs of(Op work) {
        return work.args(WorkArgs.class);
    }
}
