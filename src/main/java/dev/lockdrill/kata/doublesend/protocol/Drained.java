package dev.lockdrill.kata.doublesend.protocol;

import dev.lockdrill.history.Fields;
import dev.lockdrill.history.Op;

import java.util.Map;

/** What one drainOnce() returned: how many notifications the pass claimed (0 when it returned nothing). */
public record Drained(int claimed) {
    public Map<String, Object> toMap() {
        return Fields.of(this);
    }

    public static Drained of(Op op) {
        return op.result(Drained.class);
    }
}
