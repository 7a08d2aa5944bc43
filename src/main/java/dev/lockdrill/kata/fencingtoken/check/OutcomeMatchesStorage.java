package dev.lockdrill.kata.fencingtoken.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Op;
import dev.lockdrill.history.Outcome;

import java.util.ArrayList;
import java.util.List;

/** What write() returns must be what happened: accepted means stored, rejected means not stored. */
public final class OutcomeMatchesStorage implements Invariant {
    @Override
    public String name() {
        return "outcome-matches-storage";
    }

    @Override
    public String description() {
        return "write() returns true exactly when the storage applied the write";
    }

    @Override
    public InvariantResult check(History history) {
        FencingFacts facts = new FencingFacts(history);
        List<Evidence> evidence = new ArrayList<>();
        for (Op write : facts.writes()) {
            if (FencingFacts.accepted(write) && !facts.applied(write)) {
                evidence.add(Evidence.of(FencingFacts.describe(write)
                        + " — but the storage never applied that write", write.id()));
            }
            if (FencingFacts.rejected(write) && facts.applied(write) && noOtherCouldHaveWritten(facts, write)) {
                evidence.add(Evidence.of(FencingFacts.describe(write)
                        + " — but the storage applied it anyway", write.id()));
            }
        }
        if (facts.writes().stream().noneMatch(Op::ok)) {
            return notExercised("no write completed");
        }
        return failIfAny(evidence);
    }

    private static boolean noOtherCouldHaveWritten(FencingFacts facts, Op write) {
        return facts.writes().stream()
                .filter(other -> other.id() != write.id() && FencingFacts.sameWrite(other, write))
                .noneMatch(other -> FencingFacts.accepted(other) || other.outcome() == Outcome.INFO);
    }
}
