package dev.lockdrill.kata.bulkhead.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Op;

import java.util.List;

/**
 * Every answer comes through the future, a rejection included: {@code call()} never throws and
 * never returns null (a caller composing futures would miss a thrown BulkheadFullException).
 */
public final class FailuresThroughTheFuture implements Invariant {
    @Override
    public String name() {
        return "failures-through-the-future";
    }

    @Override
    public String description() {
        return "call() never throws nor returns null: a rejection is a future failed with BulkheadFullException";
    }

    @Override
    public InvariantResult check(History history) {
        BulkheadFacts facts = new BulkheadFacts(history);
        List<Op> calls = facts.calls();
        if (calls.isEmpty()) {
            return notExercised("no call was made");
        }
        List<Evidence> evidence = calls.stream()
                .filter(call -> BulkheadFacts.outcome(call).synchronous())
                .map(call -> Evidence.of(BulkheadFacts.who(call) + ": " + BulkheadFacts.outcome(call), call.id()))
                .toList();
        return failIfAny(Evidence.capped(evidence, 5));
    }
}
