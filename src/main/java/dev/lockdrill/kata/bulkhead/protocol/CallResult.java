package dev.lockdrill.kata.bulkhead.protocol;

import dev.lockdrill.history.Op;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How a client's call ended: one of the contract's {@link Ending}s, or "other: ..." with what
 * happened instead ("never completed" when the history has no end for it); the value the future
 * carried ({@code value}, "null" for a null, absent unless the ending is VALUE); how long
 * {@code call()} itself took to return ({@code returnedNanos}, -1 if unknown); and whether
 * {@code call()} answered synchronously, throwing or returning null, instead of with a future
 * ({@code synchronous}).
 */
public record CallResult(String outcome, String value, long returnedNanos, boolean synchronous) {
    static final String OTHER = "other: ";
    static final String NEVER = "never completed";

    public static CallResult of(Ending ending) {
        return new CallResult(ending.label(), null, -1, false);
    }

    public static CallResult other(String what) {
        return new CallResult(OTHER + what, null, -1, false);
    }

    public CallResult withValue(Object delivered) {
        return new CallResult(outcome, String.valueOf(delivered), returnedNanos, synchronous);
    }

    public CallResult returnedAfter(long nanos) {
        return new CallResult(outcome, value, nanos, synchronous);
    }

    public CallResult answeredSynchronously() {
        return new CallResult(outcome, value, returnedNanos, true);
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
        if (value != null) {
            fields.put("value", value);
        }
        fields.put("returnedNanos", returnedNanos);
        fields.put("synchronous", synchronous);
        return fields;
    }

    public static CallResult of(Op call) {
        String outcome = call.stringResult("outcome");
        Long returned = call.longResult("returnedNanos");
        return new CallResult(outcome == null ? NEVER : outcome, call.stringResult("value"),
                returned == null ? -1 : returned, call.boolResult("synchronous"));
    }

    @Override
    public String toString() {
        return outcome;
    }
}
