package dev.lockdrill.kata.circuitbreaker.protocol;

import dev.lockdrill.history.Op;

import java.util.Map;

/** A permitted call's outcome reported to one breaker at virtual time {@code tick}: failed or not, how long it took. */
public record CallOutcome(String breaker, long tick, long durationNanos, boolean failed) {
    private static final String BREAKER = "breaker";
    private static final String TICK = "tick";
    private static final String DURATION = "durationNanos";

    public BreakerOp op() {
        return failed ? BreakerOp.ERROR : BreakerOp.SUCCESS;
    }

    public Map<String, Object> toMap() {
        return Map.of(BREAKER, breaker, TICK, tick, DURATION, durationNanos);
    }

    public static CallOutcome of(Op op) {
        return new CallOutcome(op.stringArg(BREAKER), op.longArg(TICK), op.longArg(DURATION), op.is(BreakerOp.ERROR));
    }

    public static boolean is(Op op) {
        return op.is(BreakerOp.SUCCESS) || op.is(BreakerOp.ERROR);
    }
}
