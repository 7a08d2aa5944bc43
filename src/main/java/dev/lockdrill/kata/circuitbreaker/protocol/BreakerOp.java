package dev.lockdrill.kata.circuitbreaker.protocol;

import dev.lockdrill.history.OpType;

/** The operations a circuit-breaker history holds: the three calls into the breaker and its announcements. */
public enum BreakerOp implements OpType {
    /** {@code tryAcquirePermission()}; args {@link Acquire}, answered accepted (permitted) or not. */
    ACQUIRE("acquire"),
    /** {@code onSuccess(durationNanos)}; args {@link CallOutcome}. */
    SUCCESS("success"),
    /** {@code onError(durationNanos, error)}; args {@link CallOutcome}. */
    ERROR("error"),
    /** One hammer thread's run of permit-and-outcome calls, as one op; args and result {@link OutcomeBatch}. */
    OUTCOMES("outcomes"),
    /** The breaker told its listener about a transition; args {@link Transition}. */
    TRANSITION("transition");

    private final String label;

    BreakerOp(String label) {
        this.label = label;
    }

    @Override
    public String label() {
        return label;
    }
}
