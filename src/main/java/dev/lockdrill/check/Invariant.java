package dev.lockdrill.check;

import dev.lockdrill.history.History;

import java.util.List;

/**
 * A property every correct implementation keeps. Implementations are pure functions of the
 * history: no I/O, no clocks, no randomness.
 */
public interface Invariant {
    String name();

    String description();

    InvariantResult check(History history);

    default InvariantResult pass() {
        return new InvariantResult(name(), description(), Verdict.PASS, List.of());
    }

    default InvariantResult fail(List<Evidence> evidence) {
        return new InvariantResult(name(), description(), Verdict.FAIL, evidence);
    }

    default InvariantResult unknown(List<Evidence> evidence) {
        return new InvariantResult(name(), description(), Verdict.UNKNOWN, evidence);
    }

    /** Fails with the evidence when there is any, passes otherwise. */
    default InvariantResult failIfAny(List<Evidence> evidence) {
        return evidence.isEmpty() ? pass() : fail(evidence);
    }
}
