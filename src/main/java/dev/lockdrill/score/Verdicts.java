package dev.lockdrill.score;

import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.check.Verdict;
import dev.lockdrill.history.History;

import java.util.ArrayList;
import java.util.List;

/** Runs the invariants over a history and turns them into one status. */
public final class Verdicts {
    private Verdicts() {
    }

    public static List<InvariantResult> evaluate(List<Invariant> invariants, History history) {
        List<InvariantResult> results = new ArrayList<>();
        for (Invariant invariant : invariants) {
            results.add(invariant.check(history));
        }
        return results;
    }

    public static RunStatus status(List<InvariantResult> results) {
        Verdict verdict = Verdict.NOT_EXERCISED;
        for (InvariantResult result : results) {
            verdict = verdict.and(result.verdict());
        }
        return switch (verdict) {
            case PASS -> RunStatus.PASS;
            case FAIL -> RunStatus.FAIL;
            case UNKNOWN, NOT_EXERCISED -> RunStatus.UNKNOWN;
        };
    }
}
