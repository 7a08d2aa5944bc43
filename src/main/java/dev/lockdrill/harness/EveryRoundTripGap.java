package dev.lockdrill.harness;

/**
 * Runs a two-worker race once per gap between the stalled worker's round trips: first holding it
 * after its first round trip, then after its second, and so on, until it no longer reaches the
 * round trip it would be held before (or {@link #MOST_GAPS} gaps were tried). A check-then-act is a
 * gap between two round trips wherever the learner put it (after a `SET LOCAL`, a first `SELECT`
 * of something else, or a retry), so holding only after the first round trip found it only where
 * the authors expected it.
 */
public final class EveryRoundTripGap {
    /** An implementation that retries without end is held in this many gaps and no more. */
    public static final int MOST_GAPS = 8;

    /** One run of the race with the stalled worker let through {@code letThrough} round trips; true if it was held. */
    @FunctionalInterface
    public interface Race {
        boolean run(int letThrough) throws Exception;
    }

    private EveryRoundTripGap() {
    }

    /** Runs the race in each gap in turn; returns how many gaps the worker was held in. */
    public static int run(Race race) throws Exception {
        int held = 0;
        for (int letThrough = 1; letThrough <= MOST_GAPS; letThrough++) {
            if (!race.run(letThrough)) {
                break;
            }
            held++;
        }
        return held;
    }
}
