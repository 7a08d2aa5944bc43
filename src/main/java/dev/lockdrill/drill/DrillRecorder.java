package dev.lockdrill.drill;

import dev.lockdrill.progress.DrillProgress;
import dev.lockdrill.progress.DrillReview;
import dev.lockdrill.progress.DrillSchedule;
import dev.lockdrill.progress.Fsrs;
import dev.lockdrill.progress.StateStore;

import java.time.Instant;

/** Writes a graded drill to the state file: the review in its history and the next FSRS due date. */
public final class DrillRecorder {
    private final StateStore store;
    private final Fsrs fsrs;

    public DrillRecorder(StateStore store, Fsrs fsrs) {
        this.store = store;
        this.fsrs = fsrs;
    }

    public DrillProgress record(DrillOutcome outcome, Instant now) {
        String id = outcome.card().id();
        AnswerListener.Hearing heard = outcome.hearing();
        DrillReview review = new DrillReview(now.toString(), outcome.rating().grade(), outcome.score(),
                outcome.missed(), outcome.timedOut(), outcome.answerSeconds(), outcome.typedAnswer(),
                heard == null ? null : heard.recording(), heard == null || heard.problem() != null ? null
                : (int) heard.heard(), heard == null || heard.problem() != null ? null : outcome.card().rubric().size());
        return store.update(state -> {
            DrillProgress progress = state.drill(id);
            DrillSchedule next = fsrs.review(progress.schedule(), outcome.rating(), now);
            return state.withDrill(id, progress.after(next, review));
        }).drill(id);
    }
}
