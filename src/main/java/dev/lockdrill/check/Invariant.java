package dev.lockdrill.check;

import dev.lockdrill.history.History;

import java.util.Arrays;
import java.util.List;

/**
 * A property every correct implementation keeps. Implementations are pure functions of the
 * history: no I/O, no clocks, no randomness. Whoever judges a run calls {@link #checkSafely}, so an
 * invariant whose check throws leaves only its own verdict unknown.
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

    /**
     * {@link #check}, except that a check which throws on this history (a bug in the checker, or a
     * history it did not expect) is an unknown verdict for this invariant, never an aborted check:
     * the other invariants are still judged, and unknown is never a pass (Jepsen's {@code check-safe}).
     */
    default InvariantResult checkSafely(History history) {
        try {
            return check(history);
        } catch (RuntimeException | StackOverflowError e) {
            return threw(e);
        }
    }

    /** The unknown verdict of a check that threw {@code e}: one sentence that names the exception, no stack trace. */
    default InvariantResult threw(Throwable e) {
        String message = e.getMessage() == null || e.getMessage().isBlank() ? ""
                : " (" + abridged(e.getMessage().strip().lines().findFirst().orElse("")) + ")";
        String where = Arrays.stream(e.getStackTrace()).filter(f -> f.getClassName().startsWith("dev.lockdrill."))
                .findFirst().or(() -> Arrays.stream(e.getStackTrace()).findFirst())
                .map(f -> " in " + f.getClassName().substring(f.getClassName().lastIndexOf('.') + 1) + "."
                        + f.getMethodName() + " (" + f.getFileName() + ":" + f.getLineNumber() + ")").orElse("");
        return unknown(List.of(Evidence.of("This invariant could not judge the run: its check threw "
                + e.getClass().getSimpleName() + message + where + ", which is a gap in lockdrill's checker, not a "
                + "verdict on your code; please report it with this run's result.json.")));
    }

    private static String abridged(String line) {
        return line.length() <= 160 ? line : line.substring(0, 159) + "…";
    }

    /** Fails with the evidence when there is any, passes otherwise. */
    default InvariantResult failIfAny(List<Evidence> evidence) {
        return evidence.isEmpty() ? pass() : fail(evidence);
    }
}
