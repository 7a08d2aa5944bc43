package dev.lockdrill.kata.circuitbreaker.protocol;

import dev.lockdrill.history.Fields;
import dev.lockdrill.history.Op;

import java.util.Map;

/**
 * A transition one breaker announced at virtual time {@code tick}; {@code from} or {@code to} is
 * null (recorded as "null") when the listener was told something that is no state.
 */
public record Transition(String breaker, @Fields.NullAsText State from, @Fields.NullAsText State to, long tick) {
    public Map<String, Object> toMap() {
        return Fields.of(this);
    }

    public static Transition of(Op op) {
        return op.args(Transition.class);
    }

    public boolean is(State from, State to) {
        return this.from == from && this.to == to;
    }

    public String arrow() {
        return from + "→" + to;
    }
}
