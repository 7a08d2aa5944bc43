package dev.lockdrill.check;

import dev.lockdrill.history.Op;
import dev.lockdrill.history.Outcome;

import java.util.Locale;

/** Short human descriptions of operations, used in evidence. */
public final class OpText {
    private OpText() {
    }

    /** Milliseconds since the run began, for evidence lines. */
    public static String at(long nanos) {
        return String.format(Locale.ROOT, "%.1f ms", nanos / 1e6);
    }

    public static String outcome(Op op) {
        if (op.outcome() == Outcome.INFO) {
            return "outcome UNKNOWN (" + op.error() + ")";
        }
        if (op.outcome() == Outcome.FAIL) {
            return "FAILED (" + op.error() + ")";
        }
        return "ok";
    }
}
