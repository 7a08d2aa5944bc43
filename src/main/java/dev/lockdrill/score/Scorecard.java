package dev.lockdrill.score;

import java.util.List;

/**
 * The side-by-side score: invariants kept by the learner and by the reference, and each figure as
 * a ratio to the reference. {@code score}, 0-100, is the share of invariants that held on
 * something the run did (an invariant with nothing to judge earns nothing), less
 * {@value Scoring#PENALTY_PER_FLAGGED_METRIC} points for each figure far off the reference (at most
 * {@value Scoring#MAX_METRIC_PENALTY}).
 */
public record Scorecard(int invariantsPassed, int invariantsTotal, int referencePassed, int score,
                        List<MetricComparison> metrics) {
    public Scorecard {
        metrics = List.copyOf(metrics);
    }
}
