package dev.lockdrill.kata.breakerplacement.protocol;

import dev.lockdrill.history.Op;
import dev.lockdrill.history.OpType;

import java.util.Optional;

/**
 * What the emitter kata records, each an instantaneous op stamped with virtual time ({@link Stamp}):
 * what the harness handed the emitter, what the emitter did with the platforms, the sleeper and the
 * outbox, and what the harness's breakers saw.
 */
public enum EmitterOp implements OpType {
    /** The harness handed one event to {@code emit}: the op runs from the hand-over until emit returned. */
    EMIT("emit"),
    /** One call to a platform ({@link PlatformCall}). */
    PLATFORM_CALL("platform-call"),
    /** The emitter slept between attempts ({@link Sleep}). */
    SLEEP("sleep"),
    /** Outcome: delivered. */
    DELIVERED("delivered"),
    /** Outcome: parked in the dead-letter queue for good ({@link DeadLetter}). */
    DEAD_LETTER("dead-letter"),
    /** Outcome: deferred, handed back later ({@link RetryLater}). */
    RETRY_LATER("retry-later"),
    /** {@code emit} threw instead of telling the outbox ({@link EmitThrew}). */
    EMIT_THREW("emit-threw"),
    /** The emitter asked the factory for a breaker ({@link BreakerCreated}). */
    BREAKER_CREATED("breaker-created"),
    /** The emitter asked a harness breaker for a permit ({@link Permit}). */
    PERMIT("permit"),
    /** The emitter reported an outcome to a harness breaker ({@link Report}). */
    REPORT("report"),
    /** A harness breaker changed state ({@link Transition}). */
    TRANSITION("transition");

    private final String label;

    EmitterOp(String label) {
        this.label = label;
    }

    @Override
    public String label() {
        return label;
    }

    /** The ops that tell the outbox how an emit ended (or that it did not). */
    public boolean isEnding() {
        return this == DELIVERED || this == DEAD_LETTER || this == RETRY_LATER || this == EMIT_THREW;
    }

    /** The op type of a recorded op, empty for an op this kata does not record. */
    public static Optional<EmitterOp> of(Op op) {
        for (EmitterOp type : values()) {
            if (op.is(type)) {
                return Optional.of(type);
            }
        }
        return Optional.empty();
    }
}
