package dev.lockdrill.check;

/** Three-valued, as in Maelstrom: an invariant can hold, be violated, or be undecidable from the history. */
public enum Verdict {
    PASS, FAIL, UNKNOWN;

    /** Combines verdicts: any failure fails; otherwise any unknown is unknown. */
    public Verdict and(Verdict other) {
        if (this == FAIL || other == FAIL) {
            return FAIL;
        }
        if (this == UNKNOWN || other == UNKNOWN) {
            return UNKNOWN;
        }
        return PASS;
    }
}
