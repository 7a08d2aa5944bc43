package dev.lockdrill.kata.breakerplacement.protocol;

import dev.lockdrill.history.Op;

import java.util.Locale;
import java.util.Map;

/**
 * The emitter told a harness breaker (key and instance number) how a permitted call went. A
 * report names no call; {@code permit} is the number of the permit it settles when the report
 * says so itself: {@code onError} with the very exception a call threw (or one wrapping it) names
 * that call's permit. Otherwise it is {@value Permit#NONE}, and the checks find the permit among
 * those its breaker has outstanding.
 */
public record Report(String breaker, long instance, Outcome outcome, long permit) {
    static final String BREAKER = "breaker";
    static final String INSTANCE = "instance";
    static final String OUTCOME = "outcome";
    static final String PERMIT = "permit";

    /** onSuccess, onError, releasePermission. */
    public enum Outcome {
        SUCCESS, FAILURE, RELEASED;

        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public Map<String, Object> toMap() {
        return Map.of(BREAKER, breaker, INSTANCE, instance, OUTCOME, outcome.label(), PERMIT, permit);
    }

    public static Report of(Op op) {
        Object permit = op.args().get(PERMIT);
        return new Report(op.stringArg(BREAKER), op.longArg(INSTANCE),
                Outcome.valueOf(op.stringArg(OUTCOME).toUpperCase(Locale.ROOT)),
                permit instanceof Number n ? n.longValue() : Permit.NONE);
    }

    public boolean namesItsPermit() {
        return permit != Permit.NONE;
    }
}
