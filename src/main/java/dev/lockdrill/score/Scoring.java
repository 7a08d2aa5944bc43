package dev.lockdrill.score;

import dev.lockdrill.check.MetricValue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Compares the learner's run with the reference's. */
public final class Scoring {
    public static final int PENALTY_PER_FLAGGED_METRIC = 10;
    public static final int MAX_METRIC_PENALTY = 30;

    private Scoring() {
    }

    public static Scorecard compare(ImplementationRun you, ImplementationRun reference) {
        int total = Math.max(you.invariants().size(), reference == null ? 0 : reference.invariants().size());
        int passed = (int) you.passedCount();
        List<MetricComparison> metrics = new ArrayList<>();
        for (MetricValue mine : you.metrics()) {
            Optional<MetricValue> theirs = reference == null ? Optional.empty()
                    : reference.metrics().stream().filter(m -> m.name().equals(mine.name())).findFirst();
            double ref = theirs.map(MetricValue::value).orElse(Double.NaN);
            Double ratio = theirs.isPresent() && ref != 0 ? mine.value() / ref : null;
            metrics.add(new MetricComparison(mine.name(), mine.unit(), mine.value(), ref, ratio,
                    mine.higherIsBetter()));
        }
        int flagged = (int) metrics.stream().filter(MetricComparison::flagged).count();
        int penalty = Math.min(MAX_METRIC_PENALTY, PENALTY_PER_FLAGGED_METRIC * flagged);
        int score = total == 0 ? 0 : Math.max(0, Math.round(100f * passed / total) - penalty);
        int referencePassed = reference == null ? passed : (int) reference.passedCount();
        return new Scorecard(passed, total, referencePassed, score, metrics);
    }
}
