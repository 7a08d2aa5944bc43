package dev.lockdrill.kata.fencingtoken.protocol;

import dev.lockdrill.history.Op;

import java.util.Map;

/** The arguments of one write: the key, the writer's fencing token and the value. */
public record Write(String key, long token, String value) {
    static final String KEY = "key";
    static final String TOKEN = "token";
    static final String VALUE = "value";

    public Map<String, Object> toMap() {
        return Map.of(KEY, key, TOKEN, token, VALUE, value);
    }

    public static Write of(Op op) {
        return new Write(op.stringArg(KEY), op.longArg(TOKEN), op.stringArg(VALUE));
    }
}
