package dev.lockdrill.score;

import java.time.Instant;

/** Everything one `check` produced: the learner's run, the reference's run and the score. */
public record CheckResult(String kata, RunStatus status, long seed, String backend, Instant at,
                          ImplementationRun you, ImplementationRun reference, Scorecard score) {

    public boolean compared() {
        return reference != null;
    }
}
