package dev.lockdrill.kata.leaseclaim.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.check.OpText;
import dev.lockdrill.history.History;

import java.util.List;

/** Nothing here kills a live worker's connection, so every call completes without an error. */
public final class NoUnexpectedErrors implements Invariant {
    @Override
    public String name() {
        return "no-unexpected-errors";
    }

    @Override
    public String description() {
        return "claim, complete and extend complete without errors";
    }

    @Override
    public InvariantResult check(History history) {
        List<Evidence> evidence = history.ops(op -> !op.ok()).stream().limit(5)
                .map(op -> Evidence.of(op.worker() + " " + op.f() + " in " + op.scenario() + ": " + OpText.outcome(op),
                        op.id()))
                .toList();
        return failIfAny(evidence);
    }
}
