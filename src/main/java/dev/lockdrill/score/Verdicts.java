package dev.lockdrill.score;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.check.Verdict;
import dev.lockdrill.history.History;
import dev.lockdrill.history.LaneHistories;

import java.util.ArrayList;
import java.util.List;

/** Runs the invariants over a history and turns them into one status. */
public final class Verdicts {
    private Verdicts() {
    }

    /**
     * Each invariant over the history; over each lane's history when the run's scenarios ran in
     * lanes side by side ({@link LaneHistories}), the lanes' verdicts combined as {@link Verdict#and} does,
     * with the evidence of the lanes that decided it. An invariant whose check throws is unknown, with one sentence
     * naming the exception ({@link Invariant#checkSafely}); the others are judged all the same.
     */
    public static List<InvariantResult> evaluate(List<Invariant> invariants, History history) {
        List<History> lanes = LaneHistories.split(history);
        List<InvariantResult> results = new ArrayList<>();
        for (Invariant invariant : invariants) {
            if (lanes.size() == 1) {
                results.add(invariant.checkSafely(history));
                continue;
            }
            List<InvariantResult> perLane = lanes.stream().map(invariant::checkSafely).toList();
            Verdict verdict = perLane.stream().map(InvariantResult::verdict).reduce(Verdict.NOT_EXERCISED, Verdict::and);
            List<Evidence> evidence = verdict == Verdict.NOT_EXERCISED ? perLane.get(0).evidence()
                    : perLane.stream().filter(r -> r.verdict() == verdict).flatMap(r -> r.evidence().stream()).toList();
            InvariantResult first = perLane.get(0);
            results.add(new InvariantResult(first.name(), first.description(), verdict, evidence));
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
