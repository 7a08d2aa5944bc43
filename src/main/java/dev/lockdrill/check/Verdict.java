package dev.lockdrill.check;

/**
 * Three-valued, as in Maelstrom: an invariant can hold, be violated, or be undecidable from the
 * history; and a fourth for an invariant the run gave nothing to judge (it neither fails the run
 * nor earns a point).
 */
public enum Verdict {
    PASS, FAIL, UNKNOWN, NOT_EXERCISED;

    /** Combines verdicts: any failure fails; otherwise any unknown is unknown; a pass outweighs "not exercised". */
    public Verdict and(Verdict other) {
        if (this == FAIL || other == FAIL) {
            return FAIL;
        }
        if (this == UNKNOWN || other == UNKNOWN) {
            return UNKNOWN;
        }
        if (this == PASS || other == PASS) {
            return PASS;
        }
        return NOT_EXERCISED;
    }
}
