package dev.lockdrill.kata.doublesend.protocol;

import dev.lockdrill.history.Op;

import java.util.Map;

/** What one drainOnce() returned: how many notifications the pass claimed. */
public record Drained(int claimed) {
    static final String CLAIMED = "claimed";

    public Map<String, Object> toMap() {
        return Map.of(CLAIMED, claimed);
    }

    public static Drained of(Op op) {
        Long claimed = op.longResult(CLAIMED);
        return new Drained(claimed == null ? 0 : claimed.intValue());
    }
}
