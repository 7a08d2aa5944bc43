package dev.lockdrill.kata.breakerplacement.protocol;

import com.fasterxml.jackson.annotation.JsonValue;
import dev.lockdrill.history.Fields;
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
public record Report(String breaker, long instance, Outcome outcome, @Fields.NoneWhenAbsent long permit) {

    /** onSuccess, onError, releasePermission; recorded by {@link #label()}. */
    public enum Outcome {
        SUCCESS, FAILURE, RELEASED;

        @JsonValue
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public Map<String, Object> toMap() {
        return Fields.of(this);
    }

    public static Report of(Op op) {
        return op.args(Report.class);
    }

    public boolean namesItsPermit() {
        return permit != Permit.NONE;
    }
}
