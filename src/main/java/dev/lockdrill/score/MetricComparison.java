package dev.lockdrill.score;

/** A figure of the learner's run beside the reference's, and their ratio (learner / reference). */
public record MetricComparison(String name, String unit, double you, double reference, Double ratio,
                               boolean higherIsBetter) {
}
