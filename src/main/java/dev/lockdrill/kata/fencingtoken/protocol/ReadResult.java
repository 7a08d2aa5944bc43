package dev.lockdrill.kata.fencingtoken.protocol;

import dev.lockdrill.history.Op;

import java.util.Map;
import java.util.Optional;

/** What read(key) returned: nothing, or the stored value with its token. */
public record ReadResult(boolean found, String value, Long token) {
    static final String FOUND = "found";
    static final String VALUE = "value";
    static final String TOKEN = "token";

    public static ReadResult nothing() {
        return new ReadResult(false, null, null);
    }

    public Map<String, Object> toMap() {
        return found ? Map.of(FOUND, true, VALUE, value, TOKEN, token) : Map.of(FOUND, false);
    }

    /** The read's key argument. */
    public static String key(Op read) {
        return read.stringArg(Write.KEY);
    }

    public static Map<String, Object> args(String key) {
        return Map.of(Write.KEY, key);
    }

    /** The result of a read that completed, empty for one that failed. */
    public static Optional<ReadResult> of(Op read) {
        if (!read.ok()) {
            return Optional.empty();
        }
        return Optional.of(read.boolResult(FOUND)
                ? new ReadResult(true, read.stringResult(VALUE), read.longResult(TOKEN)) : nothing());
    }
}
