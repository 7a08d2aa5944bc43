package dev.lockdrill.drill;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Something that hears a spoken answer: records it while the countdown runs (or takes a recording
 * made before), then says, point by point, which rubric points it heard and where. Its marks sit
 * beside the self-grade; the grade stays the learner's. The drill works without one.
 */
public interface AnswerListener {
    /** The length of an answer recorded before the drill ({@code --answer-audio}); empty when it records live. */
    Optional<Duration> prerecorded();

    /** Starts recording as the countdown starts (nothing for a prerecorded answer). */
    void start();

    /** Stops recording and hears the answer against {@code card}'s rubric. */
    Hearing finish(DrillCard card);

    /** Stops recording and throws the recording away (the drill was stopped before it was graded). */
    void abandon();

    /** Whether the answer can be played back here (a player and an output device). */
    boolean canPlayBack();

    /** Plays the answer back (returns when it has played). */
    void playBack();

    /**
     * What was heard: the recording's name in the workbook, for each rubric point a mark (where it
     * was heard, and by which words) or null when not heard, the transcript, and a sentence saying
     * why nothing could be heard (null when the hearing worked).
     */
    record Hearing(String recording, List<String> marks, String transcript, String problem) {
        public Hearing {
            marks = marks == null ? List.of() : Collections.unmodifiableList(new ArrayList<>(marks));
        }

        public long heard() {
            return marks.stream().filter(Objects::nonNull).count();
        }

        public static Hearing failed(String recording, String problem) {
            return new Hearing(recording, List.of(), null, problem);
        }
    }
}
