package dev.lockdrill.drill;

import dev.lockdrill.progress.Rating;

import java.util.List;
import java.util.stream.IntStream;

/**
 * How one drill went: which rubric points the learner said they covered (in rubric order), the
 * rating they gave, whether time ran out, how long the answer took, the typed answer if any, and
 * what a recording of a spoken answer heard (null when none was made).
 */
public record DrillOutcome(DrillCard card, List<Boolean> covered, Rating rating, boolean timedOut,
                           long answerSeconds, String typedAnswer, AnswerListener.Hearing hearing) {
    public DrillOutcome {
        covered = List.copyOf(covered);
    }

    /** An outcome with nothing heard (typed, or no recorder). */
    public DrillOutcome(DrillCard card, List<Boolean> covered, Rating rating, boolean timedOut, long answerSeconds,
                        String typedAnswer) {
        this(card, covered, rating, timedOut, answerSeconds, typedAnswer, null);
    }

    /** The weighted share of rubric points covered, 0..1. */
    public double score() {
        return score(card, covered);
    }

    /** The weighted share of {@code card}'s rubric points marked covered, 0..1. */
    public static double score(DrillCard card, List<Boolean> covered) {
        int total = card.totalWeight();
        int got = 0;
        for (int i = 0; i < covered.size(); i++) {
            got += covered.get(i) ? card.rubric().get(i).weight() : 0;
        }
        return total == 0 ? 0 : (double) got / total;
    }

    public List<String> missed() {
        return IntStream.range(0, covered.size()).filter(i -> !covered.get(i))
                .mapToObj(i -> card.rubric().get(i).point()).toList();
    }

    /** The rating the score suggests (the learner may give another). */
    public static Rating suggested(double score) {
        if (score < 0.5) {
            return Rating.AGAIN;
        }
        if (score < 0.75) {
            return Rating.HARD;
        }
        return score < 0.95 ? Rating.GOOD : Rating.EASY;
    }
}
