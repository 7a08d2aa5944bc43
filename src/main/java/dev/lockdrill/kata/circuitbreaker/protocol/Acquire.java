package dev.lockdrill.kata.circuitbreaker.protocol;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.lockdrill.history.Fields;
import dev.lockdrill.history.Op;

import java.util.Map;

/**
 * A permit request to one breaker at virtual time {@code tick}; {@code round} is the half-open race
 * round it took part in, 0 (and not recorded) outside the race. The answer is the op's accepted
 * field (permitted).
 */
public record Acquire(String breaker, long tick, @JsonInclude(JsonInclude.Include.NON_DEFAULT) int round) {
    public Map<String, Object> toMap() {
        return Fields.of(this);
    }

    public static Acquire of(Op op) {
        return op.args(Acquire.class);
    }

    public boolean racing() {
        return round > 0;
    }

    /** Whether the breaker let the call through (false when the request threw). */
    public static boolean permitted(Op op) {
        return op.accepted().orElse(false);
    }
}
