package dev.lockdrill.kata.breakerplacement.protocol;

import dev.lockdrill.history.Fields;
import dev.lockdrill.history.Op;

import java.util.Map;

/**
 * A harness breaker (named by its key) moved from one state to another; states by their names
 * (CLOSED, OPEN, HALF_OPEN), as the learner API's {@code BreakerState} spells them.
 */
public record Transition(String breaker, String from, String to) {
    public static final String OPEN = "OPEN";
    public static final String HALF_OPEN = "HALF_OPEN";

    public Map<String, Object> toMap() {
        return Fields.of(this);
    }

    public static Transition of(Op op) {
        return op.args(Transition.class);
    }

    public boolean opened() {
        return OPEN.equals(to);
    }
}
