package dev.lockdrill.progress;

import java.util.List;

/**
 * One practice of a drill: when, the rating given (1–4), the weighted share of rubric points the
 * learner said they covered, the points missed, whether time ran out, how long the answer took,
 * and the typed answer (null when answered aloud).
 */
public record DrillReview(String at, int rating, double score, List<String> missed, boolean timedOut,
                          long answerSeconds, String typedAnswer) {
    public DrillReview {
        missed = missed == null ? List.of() : List.copyOf(missed);
    }
}
