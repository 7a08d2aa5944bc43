package dev.lockdrill.progress;

import java.util.List;

/**
 * One practice of a drill: when, the rating given (1–4), the weighted share of rubric points the
 * learner said they covered, the points missed, whether time ran out, how long the answer took,
 * the typed answer (null when answered aloud), and for a recorded answer its name under
 * {@code .lockdrill/answers/<card>/} with how many of the rubric's points the recording showed said.
 */
public record DrillReview(String at, int rating, double score, List<String> missed, boolean timedOut,
                          long answerSeconds, String typedAnswer, String recording, Integer pointsHeard,
                          Integer rubricPoints) {
    public DrillReview {
        missed = missed == null ? List.of() : List.copyOf(missed);
    }

    /** A review with no recording. */
    public DrillReview(String at, int rating, double score, List<String> missed, boolean timedOut,
                       long answerSeconds, String typedAnswer) {
        this(at, rating, score, missed, timedOut, answerSeconds, typedAnswer, null, null, null);
    }
}
