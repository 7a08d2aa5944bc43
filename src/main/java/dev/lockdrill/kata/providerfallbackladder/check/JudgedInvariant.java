package dev.lockdrill.kata.providerfallbackladder.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;
import dev.lockdrill.kata.providerfallbackladder.check.Finding.Kind;
import dev.lockdrill.kata.providerfallbackladder.check.Finding.Situation;

import java.util.List;

/**
 * One of the ladder's invariants: fails on the findings of its kind, and is not exercised unless
 * the run put the ladder in the situation it judges.
 */
final class JudgedInvariant implements Invariant {
    static final int MAX_EVIDENCE = 6;

    private final String name;
    private final String description;
    private final Kind kind;
    private final Situation situation;
    private final String notExercised;

    JudgedInvariant(String name, String description, Kind kind, Situation situation, String notExercised) {
        this.name = name;
        this.description = description;
        this.kind = kind;
        this.situation = situation;
        this.notExercised = notExercised;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String description() {
        return description;
    }

    @Override
    public InvariantResult check(History history) {
        LadderJudgement judgement = LadderJudgement.of(history);
        List<Evidence> evidence = judgement.evidence(kind);
        if (evidence.isEmpty() && !judgement.exercised(situation)) {
            return notExercised(notExercised);
        }
        return failIfAny(Evidence.capped(evidence, MAX_EVIDENCE));
    }
}
