package dev.lockdrill.kata.breakerplacement.protocol;

import dev.lockdrill.history.Op;

import java.util.Map;

/**
 * A harness breaker (named by its key) moved from one state to another; states by their names
 * (CLOSED, OPEN, HALF_OPEN), as the learner API's {@code BreakerState} spells them.
 */
public record Transition(String breaker, String from, String to) {
    public static final String OPEN = "OPEN";
    public static final String HALF_OPEN = "HALF_OPEN";
    static final String BREAKER = "breaker";
    static final String FROM = "from";
    static final String TO = "to";

    public Map<String, Object> toMap() {
        return Map.of(BREAKER, breaker, FROM, from, TO, to);
    }

    public static Transition of(Op op) {
        return new Transition(op.stringArg(BREAKER), op.stringArg(FROM), op.stringArg(TO));
    }

    public boolean opened() {
        return OPEN.equals(to);
    }
}
