package dev.lockdrill.kata.fencingtoken.protocol;

import dev.lockdrill.history.Fields;
import dev.lockdrill.history.Op;

import java.util.Map;

/** The argument of one read: the key. */
public record Read(String key) {
    public Map<String, Object> toMap() {
        return Fields.of(this);
    }

    public static Read of(Op read) {
        return read.args(Read.class);
    }
}
