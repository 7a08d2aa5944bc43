package dev.lockdrill.check;

import java.util.List;

/** The verdict of one invariant over one history, with the evidence that proves it. */
public record InvariantResult(String name, String description, Verdict verdict, List<Evidence> evidence) {
    public InvariantResult {
        evidence = List.copyOf(evidence);
    }

    /** Did not fail: held, or had nothing to judge (see {@link #exercised()}). */
    public boolean passed() {
        return verdict == Verdict.PASS || verdict == Verdict.NOT_EXERCISED;
    }

    public boolean exercised() {
        return verdict != Verdict.NOT_EXERCISED;
    }
}
