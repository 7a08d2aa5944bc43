package dev.lockdrill.score;

/** A figure of the learner's run beside the reference's, and their ratio (learner / reference). */
public record MetricComparison(String name, String unit, double you, double reference, Double ratio,
                               boolean higherIsBetter) {
    /** How far off the reference a figure may be, in its worse direction, before it costs points. */
    public static final double FAR_OFF = 2.0;

    /** Far off the reference in the worse direction: under half its throughput, over twice its calls or latency. */
    public boolean flagged() {
        if (ratio == null || ratio.isNaN() || ratio.isInfinite()) {
            return false;
        }
        return higherIsBetter ? ratio < 1 / FAR_OFF : ratio > FAR_OFF;
    }
}
