package dev.lockdrill.progress;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The published FSRS-5 test vectors (open-spaced-repetition/py-fsrs, tests/test_fsrs.py of the
 * FSRS-5 releases): the same weights, ratings and review times must give the same intervals and
 * memory state.
 */
class FsrsTest {
    private static final List<Double> TEST_WEIGHTS = List.of(0.4197, 1.1869, 3.0412, 15.2441, 7.1434, 0.6477,
            1.0007, 0.0674, 1.6597, 0.1712, 1.1178, 2.0225, 0.0904, 0.3025, 2.1214, 0.2498, 2.9466, 0.4891, 0.6468);
    private static final List<Rating> GOODS_THEN_TWO_LAPSES = List.of(Rating.GOOD, Rating.GOOD, Rating.GOOD,
            Rating.GOOD, Rating.GOOD, Rating.GOOD, Rating.AGAIN, Rating.AGAIN, Rating.GOOD, Rating.GOOD, Rating.GOOD,
            Rating.GOOD, Rating.GOOD);
    private static final Instant START = Instant.parse("2022-11-29T12:30:00Z");

    @Test
    void intervalsMatchThePublishedVectorWhenEachReviewHappensOnTheDueDate() {
        assertThat(intervals(new Fsrs(TEST_WEIGHTS, 0.9, 36500)))
                .containsExactly(0, 4, 17, 62, 198, 563, 0, 0, 9, 27, 74, 190, 457);
    }

    @Test
    void intervalsMatchThePublishedVectorWithoutShortTermStabilityGain() {
        List<Double> weights = new ArrayList<>(TEST_WEIGHTS);
        weights.set(17, 0.0);
        assertThat(intervals(new Fsrs(weights, 0.9, 36500)))
                .containsExactly(0, 3, 13, 50, 163, 473, 0, 0, 12, 34, 91, 229, 541);
    }

    @Test
    void memoryStateMatchesThePublishedVectorAfterALapseAndFiveRecalls() {
        Fsrs fsrs = new Fsrs(TEST_WEIGHTS, 0.9, 36500);
        DrillSchedule card = fsrs.review(DrillSchedule.fresh(), Rating.AGAIN, START);
        Instant now = START;
        for (int days : List.of(0, 0, 1, 3, 8, 21)) {
            now = now.plus(Duration.ofDays(days));
            card = fsrs.review(card, Rating.GOOD, now);
        }
        assertThat(card.stability()).isCloseTo(71.4554, within(0.00005));
        assertThat(card.difficulty()).isCloseTo(5.0976, within(0.00005));
    }

    @Test
    void repeatedEasyRatingsBottomOutAtDifficultyOne() {
        Fsrs fsrs = Fsrs.standard();
        DrillSchedule card = DrillSchedule.fresh();
        for (int i = 0; i < 10; i++) {
            card = fsrs.review(card, Rating.EASY, START.plusNanos(i * 1000L));
        }
        assertThat(card.difficulty()).isEqualTo(1.0);
    }

    @Test
    void aNewCardRatedAgainComesBackInAMinuteAndALapseIsCounted() {
        Fsrs fsrs = Fsrs.standard();
        DrillSchedule learning = fsrs.review(DrillSchedule.fresh(), Rating.AGAIN, START);
        assertThat(learning.state()).isEqualTo(ReviewState.LEARNING);
        assertThat(learning.dueAt(START)).isEqualTo(START.plus(Duration.ofMinutes(1)));
        DrillSchedule review = fsrs.review(learning, Rating.GOOD, START.plusSeconds(60));
        assertThat(review.state()).isEqualTo(ReviewState.REVIEW);
        DrillSchedule lapsed = fsrs.review(review, Rating.AGAIN, review.dueAt(START));
        assertThat(lapsed.state()).isEqualTo(ReviewState.RELEARNING);
        assertThat(lapsed.lapses()).isEqualTo(1);
        assertThat(lapsed.reps()).isEqualTo(3);
    }

    private static List<Integer> intervals(Fsrs fsrs) {
        DrillSchedule card = DrillSchedule.fresh();
        Instant now = START;
        List<Integer> intervals = new ArrayList<>();
        for (Rating rating : GOODS_THEN_TWO_LAPSES) {
            card = fsrs.review(card, rating, now);
            intervals.add(card.scheduledDays());
            now = card.dueAt(now);
        }
        return intervals;
    }
}
