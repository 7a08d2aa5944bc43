package dev.lockdrill.kata.bulkhead.protocol;

import dev.lockdrill.history.Op;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How a client's call ended: one of the contract's {@link Ending}s, or "other: ..." with what
 * happened instead; "never completed" when the history has no end for it.
 */
public record CallResult(String outcome) {
    static final String OTHER = "other: ";
    static final String NEVER = "never completed";

    public static CallResult of(Ending ending) {
        return new CallResult(ending.label());
    }

    public static CallResult other(String what) {
        return new CallResult(OTHER + what);
    }

    public boolean is(Ending ending) {
        return outcome.equals(ending.label());
    }

    /** One of the endings the contract allows. */
    public boolean expected() {
        for (Ending ending : Ending.values()) {
            if (is(ending)) {
                return true;
            }
        }
        return false;
    }

    /** The result fields of the call op; {@code accepted} says whether the bulkhead admitted it. */
    public Map<String, Object> toMap() {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("outcome", outcome);
        fields.put(Op.ACCEPTED, !is(Ending.REJECTED));
        return fields;
    }

    public static CallResult of(Op call) {
        String outcome = call.stringResult("outcome");
        return new CallResult(outcome == null ? NEVER : outcome);
    }

    @Override
    public String toString() {
        return outcome;
    }
}
