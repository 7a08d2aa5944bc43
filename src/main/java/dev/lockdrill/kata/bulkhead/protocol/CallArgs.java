package dev.lockdrill.kata.bulkhead.protocol;

import dev.lockdrill.history.Op;

import java.util.Map;

/** What a client asked for: a call to one dependency. */
public record CallArgs(String dependency) {
    public Map<String, Object> toMap() {
        return Map.of("dependency", dependency);
    }

    public static CallArgs of(Op call) {
        return new CallArgs(call.stringArg("dependency"));
    }
}
