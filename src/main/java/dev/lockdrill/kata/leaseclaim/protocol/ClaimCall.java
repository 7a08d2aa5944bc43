package dev.lockdrill.kata.leaseclaim.protocol;

import dev.lockdrill.history.Fields;
import dev.lockdrill.history.Op;

import java.util.Map;

/** The arguments of a claim: how many rows the worker asked for. */
public record ClaimCall(int max) {
    public Map<String, Object> toMap() {
        return Fields.of(this);
    }

    public static ClaimCall of(Op op) {
        return op.args(ClaimCall.class);
    }
}
