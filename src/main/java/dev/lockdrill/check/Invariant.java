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

    /** The run gave this invariant nothing to judge (say why): it neither fails the run nor earns a point. */
    default InvariantResult notExercised(String why) {
        return new InvariantResult(name(), description(), Verdict.NOT_EXERCISED, List.of(Evidence.of(why)));
    }

    /** Fails with the evidence when there is any, passes otherwise. */
    default InvariantResult failIfAny(List<Evidence> evidence) {
        return evidence.isEmpty() ? pass() : fail(evidence);
    }
}
