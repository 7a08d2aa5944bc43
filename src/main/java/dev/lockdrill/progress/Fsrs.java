package dev.lockdrill.progress;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * The FSRS-5 scheduler (Free Spaced Repetition Scheduler, open-spaced-repetition): a card's
 * difficulty D and stability S are updated from the rating and the card's retrievability
 * R = (1 + FACTOR·t/S)^DECAY after t days; the next interval is the number of days until R falls
 * to the requested retention. New and lapsed cards go through short learning steps (minutes)
 * before they graduate to day intervals. Implemented from the published algorithm and checked
 * against its published test vectors; no fuzzing, so the schedule is reproducible.
 */
public final class Fsrs {
    /** The published FSRS-5 default weights w0..w18. */
    public static final List<Double> DEFAULT_WEIGHTS = List.of(0.40255, 1.18385, 3.173, 15.69105, 7.1949, 0.5345,
            1.4604, 0.0046, 1.54575, 0.1192, 1.01925, 1.9395, 0.11, 0.29605, 2.2698, 0.2315, 2.9898, 0.51655, 0.6621);
    private static final double DECAY = -0.5;
    private static final double FACTOR = Math.pow(0.9, 1 / DECAY) - 1;
    private final double[] w;
    private final double retention;
    private final int maximumInterval;

    public Fsrs(List<Double> weights, double retention, int maximumInterval) {
        if (weights.size() != 19) {
            throw new IllegalArgumentException("FSRS-5 needs 19 weights, got " + weights.size());
        }
        this.w = weights.stream().mapToDouble(Double::doubleValue).toArray();
        this.retention = retention;
        this.maximumInterval = maximumInterval;
    }

    /** Default weights, 90 % requested retention, intervals up to 100 years. */
    public static Fsrs standard() {
        return new Fsrs(DEFAULT_WEIGHTS, 0.9, 36500);
    }

    /** The card's schedule after the learner rated it at {@code now}. */
    public DrillSchedule review(DrillSchedule card, Rating rating, Instant now) {
        int g = rating.grade();
        if (card.state() == ReviewState.NEW) {
            double s = Math.max(w[g - 1], 0.1);
            double d = initialDifficulty(g);
            if (rating == Rating.EASY) {
                int days = interval(s);
                return next(card, ReviewState.REVIEW, s, d, now, Duration.ofDays(days), days, false);
            }
            Duration step = rating == Rating.AGAIN ? Duration.ofMinutes(1)
                    : rating == Rating.HARD ? Duration.ofMinutes(5) : Duration.ofMinutes(10);
            return next(card, ReviewState.LEARNING, s, d, now, step, 0, false);
        }
        double d = nextDifficulty(card.difficulty(), g);
        if (card.state() == ReviewState.LEARNING || card.state() == ReviewState.RELEARNING) {
            double s = card.stability() * Math.exp(w[17] * (g - 3 + w[18]));
            if (rating == Rating.AGAIN || rating == Rating.HARD) {
                Duration step = rating == Rating.AGAIN ? Duration.ofMinutes(5) : Duration.ofMinutes(10);
                return next(card, card.state(), s, d, now, step, 0, false);
            }
            int good = interval(card.stability() * Math.exp(w[17] * w[18]));
            int days = rating == Rating.GOOD ? good
                    : Math.max(interval(card.stability() * Math.exp(w[17] * (1 + w[18]))), good + 1);
            return next(card, ReviewState.REVIEW, s, d, now, Duration.ofDays(days), days, false);
        }
        long elapsedDays = Duration.between(Instant.parse(card.lastReview()), now).toDays();
        double r = Math.pow(1 + FACTOR * elapsedDays / card.stability(), DECAY);
        if (rating == Rating.AGAIN) {
            double s = w[11] * Math.pow(card.difficulty(), -w[12]) * (Math.pow(card.stability() + 1, w[13]) - 1)
                    * Math.exp((1 - r) * w[14]);
            return next(card, ReviewState.RELEARNING, s, d, now, Duration.ofMinutes(5), 0, true);
        }
        int hard = interval(recallStability(card, r, Rating.HARD));
        int good = interval(recallStability(card, r, Rating.GOOD));
        hard = Math.min(hard, good);
        good = Math.max(good, hard + 1);
        int days = rating == Rating.HARD ? hard : rating == Rating.GOOD ? good
                : Math.max(interval(recallStability(card, r, Rating.EASY)), good + 1);
        return next(card, ReviewState.REVIEW, recallStability(card, r, rating), d, now, Duration.ofDays(days), days,
                false);
    }

    private double initialDifficulty(int g) {
        return clampDifficulty(w[4] - Math.exp(w[5] * (g - 1)) + 1);
    }

    private double nextDifficulty(double d, int g) {
        double moved = d - w[6] * (g - 3);
        return clampDifficulty(w[7] * initialDifficulty(4) + (1 - w[7]) * moved);
    }

    private double recallStability(DrillSchedule card, double r, Rating rating) {
        double hardPenalty = rating == Rating.HARD ? w[15] : 1;
        double easyBonus = rating == Rating.EASY ? w[16] : 1;
        double s = card.stability();
        return s * (1 + Math.exp(w[8]) * (11 - card.difficulty()) * Math.pow(s, -w[9])
                * (Math.exp((1 - r) * w[10]) - 1) * hardPenalty * easyBonus);
    }

    private int interval(double stability) {
        double days = stability / FACTOR * (Math.pow(retention, 1 / DECAY) - 1);
        return (int) Math.min(Math.max(Math.round(days), 1), maximumInterval);
    }

    private static double clampDifficulty(double d) {
        return Math.min(Math.max(d, 1), 10);
    }

    private static DrillSchedule next(DrillSchedule card, ReviewState state, double s, double d, Instant now,
                                      Duration wait, int days, boolean lapse) {
        return new DrillSchedule(state, s, d, now.plus(wait).toString(), now.toString(), card.reps() + 1,
                card.lapses() + (lapse ? 1 : 0), days);
    }
}
