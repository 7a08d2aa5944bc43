package dev.lockdrill.score;

import java.time.Instant;

/** Everything one `check` produced: the learner's run, the reference's run and the score. */
public record CheckResult(String kata, RunStatus status, long seed, String backend, Instant at,
                          ImplementationRun you, ImplementationRun reference, Scorecard score) {

    public boolean compared() {
        return reference != null;
    }

    /** The command that runs this check again, on the same code and with the same seed. */
    public String replayCommand() {
        String source = you.source();
        String from = source.equals("katas/" + kata) ? "" : source.equals("solutions/" + kata) ? " --reference"
                : " --from " + (source.contains(" ") ? "'" + source + "'" : source);
        boolean reference = from.equals(" --reference");
        return "lockdrill check " + kata + from + " --seed " + seed + (compared() || reference ? "" : " --no-compare");
    }
}
