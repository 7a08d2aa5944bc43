package dev.lockdrill.score;

import java.util.List;

/**
 * The side-by-side score: invariants kept by the learner and by the reference, and each figure as
 * a ratio to the reference. {@code score} is the share of invariants kept, 0-100.
 */
public record Scorecard(int invariantsPassed, int invariantsTotal, int referencePassed, int score,
                        List<MetricComparison> metrics) {
    public Scorecard {
        metrics = List.copyOf(metrics);
    }
}
