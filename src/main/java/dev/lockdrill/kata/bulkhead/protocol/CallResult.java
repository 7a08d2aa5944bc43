package dev.lockdrill.kata.bulkhead.protocol;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.lockdrill.history.Fields;
import dev.lockdrill.history.Op;

import java.util.Map;

/**
 * How a client's call ended: one of the contract's {@link Ending}s, or "other: ..." with what
 * happened instead ("never completed" when the history has no end for it); the value the future
 * carried ({@code value}, "null" for a null, absent unless the ending is VALUE); how long
 * {@code call()} itself took to return ({@code returnedNanos}, -1 if unknown); and whether
 * {@code call()} answered synchronously, throwing or returning null, instead of with a future
 * ({@code synchronous}). A call op's result also says whether the bulkhead admitted it
 * ({@link #accepted()}); an empty result (the call never completed) reads as {@value #NEVER}.
 */
public record CallResult(String outcome, String value, @Fields.NoneWhenAbsent long returnedNanos,
                         boolean synchronous) {
    static final String OTHER = "other: ";
    static final String NEVER = "never completed";

    public CallResult {
        outcome = outcome == null ? NEVER : outcome;
    }

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

    /** The result fields of the call op. */
    public Map<String, Object> toMap() {
        return Fields.of(this);
    }

    /** Whether the bulkhead admitted the call: the op's {@code accepted} field. */
    @JsonProperty(Op.ACCEPTED)
    public boolean accepted() {
        return !is(Ending.REJECTED);
    }

    public static CallResult of(Op call) {
        return call.result(CallResult.class);
    }

    @Override
    public String toString() {
        return outcome;
    }
}
