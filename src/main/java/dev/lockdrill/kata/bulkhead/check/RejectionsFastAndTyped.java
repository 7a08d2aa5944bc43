package dev.lockdrill.kata.bulkhead.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Op;
import dev.lockdrill.kata.bulkhead.protocol.Ending;

import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A call that never reached its dependency was turned away: it must say so with
 * BulkheadFullException instead of queueing and timing out, and within {@value #BOUND_MILLIS} ms
 * (coarse, for loaded machines; the p99 rejection latency is a metric). A call the client
 * cancelled first is exempt.
 */
public final class RejectionsFastAndTyped implements Invariant {
    static final double BOUND_MILLIS = 1000;

    @Override
    public String name() {
        return "rejections-fast-and-typed";
    }

    @Override
    public String description() {
        return "a call that is not admitted fails at once (< " + (int) BOUND_MILLIS + " ms) with BulkheadFullException";
    }

    @Override
    public InvariantResult check(History history) {
        BulkheadFacts facts = new BulkheadFacts(history);
        Set<Long> reached = facts.reached();
        List<Evidence> evidence = facts.calls().stream()
                .filter(call -> !reached.contains(call.id()))
                .filter(call -> !BulkheadFacts.outcome(call).is(Ending.CANCELLED))
                .filter(call -> !BulkheadFacts.outcome(call).is(Ending.REJECTED) || millis(call) > BOUND_MILLIS)
                .map(call -> Evidence.of(String.format(Locale.ROOT, "%s: %s's call to %s never reached it and "
                        + "ended as %s after %.1f ms", call.scenario(), call.worker(), BulkheadFacts.dependency(call),
                        BulkheadFacts.outcome(call), millis(call)), call.id()))
                .toList();
        return failIfAny(Evidence.capped(evidence, 5));
    }

    private static double millis(Op call) {
        return (call.completeNanos() - call.invokeNanos()) / 1e6;
    }
}
