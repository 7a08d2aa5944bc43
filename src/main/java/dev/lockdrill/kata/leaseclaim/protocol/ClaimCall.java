package dev.lockdrill.kata.leaseclaim.protocol;

import dev.lockdrill.history.Op;

import java.util.Map;

/** The arguments of a claim: how many rows the worker asked for. */
public record ClaimCall(int max) {
    static final String MAX = "max";

    public Map<String, Object> toMap() {
        return Map.of(MAX, max);
    }

    public static ClaimCall of(Op op) {
        return new ClaimCall((int) op.longArg(MAX));
    }
}
