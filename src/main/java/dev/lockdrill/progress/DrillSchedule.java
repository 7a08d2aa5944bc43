package dev.lockdrill.progress;

import java.time.Instant;

/**
 * The FSRS memory state of one drill card: stability (days until recall falls to 90 %),
 * difficulty (1–10), when it is due and when it was last reviewed (ISO-8601 instants, so the
 * state file stays readable), with review and lapse counts.
 */
public record DrillSchedule(ReviewState state, double stability, double difficulty, String due, String lastReview,
                            int reps, int lapses, int scheduledDays) {
    public DrillSchedule {
        state = state == null ? ReviewState.NEW : state;
    }

    /** A card never reviewed: due at once. */
    public static DrillSchedule fresh() {
        return new DrillSchedule(ReviewState.NEW, 0, 0, null, null, 0, 0, 0);
    }

    /** When the card is due; a new card (no due date yet) is due at {@code now}. */
    public Instant dueAt(Instant now) {
        return due == null ? now : Instant.parse(due);
    }

    public boolean isDue(Instant now) {
        return !dueAt(now).isAfter(now);
    }

    /** The same memory state, due at {@code at} (used when a failed kata check pulls the drill forward). */
    public DrillSchedule dueBy(Instant at) {
        if (due == null || !Instant.parse(due).isAfter(at)) {
            return this;
        }
        return new DrillSchedule(state, stability, difficulty, at.toString(), lastReview, reps, lapses, scheduledDays);
    }
}
