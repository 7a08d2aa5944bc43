package dev.lockdrill.kata.breakerplacement.protocol;

import dev.lockdrill.history.Op;

import java.util.Locale;
import java.util.Map;

/** The emitter told a harness breaker (key and instance number) how a permitted call went. */
public record Report(String breaker, long instance, Outcome outcome) {
    static final String BREAKER = "breaker";
    static final String INSTANCE = "instance";
    static final String OUTCOME = "outcome";

    /** onSuccess, onError, releasePermission. */
    public enum Outcome {
        SUCCESS, FAILURE, RELEASED;

        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public Map<String, Object> toMap() {
        return Map.of(BREAKER, breaker, INSTANCE, instance, OUTCOME, outcome.label());
    }

    public static Report of(Op op) {
        return new Report(op.stringArg(BREAKER), op.longArg(INSTANCE),
                Outcome.valueOf(op.stringArg(OUTCOME).toUpperCase(Locale.ROOT)));
    }
}
