package dev.lockdrill.kata.bulkhead.protocol;

import dev.lockdrill.history.Op;

import java.util.Map;

/**
 * The work of client call {@code call} arriving at {@code dependency}; {@code onCallerThread} when
 * the bulkhead ran it on the thread that called {@code call()} (the contract says it never does).
 */
public record WorkArgs(String dependency, long call, boolean onCallerThread) {
    public Map<String, Object> toMap() {
        return Map.of("dependency", dependency, "call", call, "onCallerThread", onCallerThread);
    }

    public static WorkArgs of(Op work) {
        return new WorkArgs(work.stringArg("dependency"), work.longArg("call"),
                Boolean.parseBoolean(work.stringArg("onCallerThread")));
    }
}
