package dev.lockdrill.kata.circuitbreaker.protocol;

import dev.lockdrill.history.Op;

import java.util.HashMap;
import java.util.Map;

/**
 * A permit request to one breaker at virtual time {@code tick}; {@code round} is the half-open race
 * round it took part in, 0 outside the race. The answer is the op's accepted field (permitted).
 */
public record Acquire(String breaker, long tick, int round) {
    private static final String BREAKER = "breaker";
    private static final String TICK = "tick";
    private static final String ROUND = "round";

    public Map<String, Object> toMap() {
        Map<String, Object> args = new HashMap<>();
        args.put(BREAKER, breaker);
        args.put(TICK, tick);
        if (round > 0) {
            args.put(ROUND, round);
        }
        return args;
    }

    public static Acquire of(Op op) {
        Object round = op.args().get(ROUND);
        return new Acquire(op.stringArg(BREAKER), op.longArg(TICK), round instanceof Number n ? n.intValue() : 0);
    }

    public boolean racing() {
        return round > 0;
    }

    /** Whether the breaker let the call through (false when the request threw). */
    public static boolean permitted(Op op) {
        return op.accepted().orElse(false);
    }
}
