package dev.lockdrill.kata.bulkhead.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;
import dev.lockdrill.kata.bulkhead.protocol.BulkheadOp;
import dev.lockdrill.kata.bulkhead.protocol.Ending;

import java.util.List;

/**
 * A dependency with nothing in flight admits the next call, whatever happened to the earlier ones:
 * a rejection there means a permit was lost. (A timeout is not judged here: a loaded machine can
 * stall a 1 ms call past a short call timeout.)
 */
public final class IdleDependencyAdmits implements Invariant {
    @Override
    public String name() {
        return "idle-dependency-admits";
    }

    @Override
    public String description() {
        return "after an outage, timeouts or cancellations, one-at-a-time calls to the recovered dependency are admitted";
    }

    @Override
    public InvariantResult check(History history) {
        List<Evidence> evidence = history.ops(op -> op.is(BulkheadOp.CALL) && op.worker().equals("idle-caller"))
                .stream()
                .filter(call -> BulkheadFacts.outcome(call).is(Ending.REJECTED))
                .map(call -> Evidence.of(call.scenario() + ": with nothing in flight, a call to "
                        + BulkheadFacts.dependency(call) + " ended as " + BulkheadFacts.outcome(call)
                        + " — were permits lost to the failed calls?", call.id()))
                .toList();
        return failIfAny(Evidence.capped(evidence, 3));
    }
}
