package dev.lockdrill.progress;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * What the learner has done on one drill card: its review schedule, every practice, and why it
 * was last pulled forward (a failed check of a linked kata), if it was.
 */
public record DrillProgress(DrillSchedule schedule, List<DrillReview> reviews, String pulledForwardBy) {
    public DrillProgress {
        schedule = schedule == null ? DrillSchedule.fresh() : schedule;
        reviews = reviews == null ? List.of() : List.copyOf(reviews);
    }

    public static DrillProgress fresh() {
        return new DrillProgress(DrillSchedule.fresh(), List.of(), null);
    }

    /** After a practice: the new schedule, the review appended, the pull-forward reason cleared. */
    public DrillProgress after(DrillSchedule next, DrillReview review) {
        List<DrillReview> all = new ArrayList<>(reviews);
        all.add(review);
        return new DrillProgress(next, all, null);
    }

    /** The same, no longer pulled forward by {@code reason} (its cause is gone); its schedule is kept. */
    public DrillProgress forgetting(String reason) {
        return reason.equals(pulledForwardBy) ? new DrillProgress(schedule, reviews, null) : this;
    }

    /** Due no later than {@code at}, because of {@code reason}. */
    public DrillProgress pulledForward(Instant at, String reason) {
        return new DrillProgress(schedule.dueBy(at), reviews, reason);
    }
}
