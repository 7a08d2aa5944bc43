package dev.lockdrill.score;

import java.time.Instant;
import java.util.List;

/**
 * Everything one `check` produced: the learner's run, the reference's run and the score, and what
 * of the run its seed does not fix ({@code timing}: the parts thread timing decides).
 */
public record CheckResult(String kata, RunStatus status, long seed, String backend, Instant at,
                          ImplementationRun you, ImplementationRun reference, Scorecard score, List<String> timing) {
    public CheckResult {
        timing = timing == null ? List.of() : List.copyOf(timing);
    }

    public CheckResult(String kata, RunStatus status, long seed, String backend, Instant at, ImplementationRun you,
                       ImplementationRun reference, Scorecard score) {
        this(kata, status, seed, backend, at, you, reference, score, List.of());
    }

    public CheckResult withTiming(List<String> parts) {
        return new CheckResult(kata, status, seed, backend, at, you, reference, score, parts);
    }

    public boolean compared() {
        return reference != null;
    }

    /** Whether a check process was stopped (Ctrl-C, a signal) before it finished: nothing to judge or keep. */
    public boolean interrupted() {
        return status == RunStatus.INTERRUPTED || reference != null && reference.status() == RunStatus.INTERRUPTED;
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
