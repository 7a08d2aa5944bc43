package dev.lockdrill.kata.bulkhead.protocol;

import dev.lockdrill.history.Op;

import java.util.Map;

/** The work of client call {@code call} arriving at {@code dependency}. */
public record WorkArgs(String dependency, long call) {
    public Map<String, Object> toMap() {
        return Map.of("dependency", dependency, "call", call);
    }

    public static WorkArgs of(Op work) {
        return new WorkArgs(work.stringArg("dependency"), work.longArg("call"));
    }
}
