package dev.lockdrill.kata.bulkhead.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Op;
import dev.lockdrill.kata.bulkhead.protocol.Budgets;
import dev.lockdrill.kata.bulkhead.protocol.CallResult;
import dev.lockdrill.kata.bulkhead.protocol.WorkArgs;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code call()} hands the work to the bulkhead's own threads and returns the future at once: it
 * never runs the work on the caller's thread, and never waits for a permit or for the work
 * (bound {@value Budgets#RETURN_MILLIS} ms, coarse for loaded machines, not counting time the
 * machine stalled the check itself).
 */
public final class CallReturnsAtOnce implements Invariant {
    @Override
    public String name() {
        return "call-returns-at-once";
    }

    @Override
    public String description() {
        return "call() returns its future within " + Budgets.RETURN_MILLIS
                + " ms and never runs the work on the caller's thread";
    }

    @Override
    public InvariantResult check(History history) {
        BulkheadFacts facts = new BulkheadFacts(history);
        List<Op> calls = facts.calls();
        if (calls.isEmpty()) {
            return notExercised("no call was made");
        }
        List<Evidence> evidence = new ArrayList<>();
        for (Op work : facts.work()) {
            if (WorkArgs.of(work).onCallerThread()) {
                evidence.add(new Evidence(work.scenario() + ": the work of call " + WorkArgs.of(work).call() + " ran on "
                        + "the caller's own thread: a hung " + WorkArgs.of(work).dependency()
                        + " would hold the caller too", List.of(WorkArgs.of(work).call()), List.of(work.id())));
            }
        }
        for (Op call : calls) {
            long returned = CallResult.of(call).returnedNanos();
            if (returned > 0 && facts.ran(call.scenario(), call.invokeNanos(), call.invokeNanos() + returned)
                    > Budgets.RETURN_MILLIS * BulkheadFacts.MS) {
                evidence.add(Evidence.of(String.format(Locale.ROOT, "%s: call() took %.1f ms to return (bound %d ms)",
                        BulkheadFacts.who(call), returned / 1e6, Budgets.RETURN_MILLIS), call.id()));
            }
        }
        return failIfAny(Evidence.capped(evidence, 5));
    }
}
