package dev.lockdrill.kata.bulkhead.protocol;

import dev.lockdrill.history.Op;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a client asked for: a call to one dependency. {@code burst} names the group of calls that
 * a hammer released at one instant at a hung dependency of fresh bulkheads, every permit free
 * (null for any other call).
 */
public record CallArgs(String dependency, String burst) {
    public CallArgs(String dependency) {
        this(dependency, null);
    }

    public Map<String, Object> toMap() {
        Map<String, Object> args = new LinkedHashMap<>();
        args.put("dependency", dependency);
        if (burst != null) {
            args.put("burst", burst);
        }
        return args;
    }

    public static CallArgs of(Op call) {
        return new CallArgs(call.stringArg("dependency"), call.stringArg("burst"));
    }
}
