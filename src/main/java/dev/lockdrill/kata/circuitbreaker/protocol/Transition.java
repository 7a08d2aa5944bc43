package dev.lockdrill.kata.circuitbreaker.protocol;

import dev.lockdrill.history.Op;

import java.util.Map;

/**
 * A transition one breaker announced at virtual time {@code tick}; {@code from} or {@code to} is
 * null when the listener was told something that is no state.
 */
public record Transition(String breaker, State from, State to, long tick) {
    private static final String BREAKER = "breaker";
    private static final String FROM = "from";
    private static final String TO = "to";
    private static final String TICK = "tick";

    public Map<String, Object> toMap() {
        return Map.of(BREAKER, breaker, FROM, String.valueOf(from), TO, String.valueOf(to), TICK, tick);
    }

    public static Transition of(Op op) {
        return new Transition(op.stringArg(BREAKER), State.parse(op.stringArg(FROM)), State.parse(op.stringArg(TO)),
                op.longArg(TICK));
    }

    public boolean is(State from, State to) {
        return this.from == from && this.to == to;
    }

    public String arrow() {
        return from + "→" + to;
    }
}
