package dev.lockdrill.kata.fencingtoken.protocol;

import dev.lockdrill.history.Fields;
import dev.lockdrill.history.Op;

import java.util.Map;
import java.util.Optional;

/** What read(key) returned: nothing, or the stored value with its token. */
public record ReadResult(boolean found, String value, Long token) {
    public static ReadResult nothing() {
        return new ReadResult(false, null, null);
    }

    public Map<String, Object> toMap() {
        return Fields.of(this);
    }

    /** The result of a read that completed, empty for one that failed. */
    public static Optional<ReadResult> of(Op read) {
        return read.ok() ? Optional.of(read.result(ReadResult.class)) : Optional.empty();
    }
}
