package dev.lockdrill.kata.bulkhead.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;
import dev.lockdrill.kata.bulkhead.protocol.BulkheadOp;

import java.util.List;

/** Calls end with their value, the dependency's own error, a rejection, a timeout or a cancellation — nothing else. */
public final class NoUnexpectedOutcomes implements Invariant {
    @Override
    public String name() {
        return "no-unexpected-outcomes";
    }

    @Override
    public String description() {
        return "every call ends: with its value, the dependency's error, a rejection, a timeout or a cancellation";
    }

    @Override
    public InvariantResult check(History history) {
        List<Evidence> evidence = history.ops(BulkheadOp.CALL).stream()
                .filter(call -> !BulkheadFacts.outcome(call).expected())
                .map(call -> Evidence.of(call.scenario() + ": " + call.worker() + "'s call to "
                        + BulkheadFacts.dependency(call) + " ended as " + BulkheadFacts.outcome(call), call.id()))
                .toList();
        return failIfAny(Evidence.capped(evidence, 5));
    }
}
