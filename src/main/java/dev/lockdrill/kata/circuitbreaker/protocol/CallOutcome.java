package dev.lockdrill.kata.circuitbreaker.protocol;

import com.fasterxml.jackson.annotation.JsonIgnore;
import dev.lockdrill.history.Fields;
import dev.lockdrill.history.Op;

import java.util.Map;

/**
 * A permitted call's outcome reported to one breaker at virtual time {@code tick}: failed or not, how
 * long it took. Whether it failed is the op's type ({@link #op()}), not a field.
 */
public record CallOutcome(String breaker, long tick, long durationNanos, @JsonIgnore boolean failed) {

    public BreakerOp op() {
        return failed ? BreakerOp.ERROR : BreakerOp.SUCCESS;
    }

    public Map<String, Object> toMap() {
        return Fields.of(this);
    }

    public static CallOutcome of(Op op) {
        CallOutcome fields = op.args(CallOutcome.class);
        return new CallOutcome(fields.breaker(), fields.tick(), fields.durationNanos(), op.is(BreakerOp.ERROR));
    }

    public static boolean is(Op op) {
        return op.is(BreakerOp.SUCCESS) || op.is(BreakerOp.ERROR);
    }
}
