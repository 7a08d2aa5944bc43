package dev.lockdrill.progress;

/** What the learner has done on one kata. */
public record KataProgress(String status, int attempts, int hintsUsed, String lastStatus, String lastRunAt,
                           boolean referenceRevealed) {
    public static final String NOT_STARTED = "not started";
    public static final String ATTEMPTED = "attempted";
    public static final String PASSED = "passed";

    public static KataProgress fresh() {
        return new KataProgress(NOT_STARTED, 0, 0, null, null, false);
    }

    public KataProgress withHintsUsed(int hints) {
        return new KataProgress(status, attempts, hints, lastStatus, lastRunAt, referenceRevealed);
    }

    /** Records a check of the learner's code; once passed, a kata stays passed. */
    public KataProgress afterCheck(String runStatus, String at) {
        String next = PASSED.equals(status) || "pass".equals(runStatus) ? PASSED : ATTEMPTED;
        return new KataProgress(next, attempts + 1, hintsUsed, runStatus, at, referenceRevealed);
    }

    public KataProgress withReferenceRevealed() {
        return new KataProgress(status, attempts, hintsUsed, lastStatus, lastRunAt, true);
    }
}
