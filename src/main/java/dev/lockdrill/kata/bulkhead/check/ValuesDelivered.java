package dev.lockdrill.kata.bulkhead.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Op;
import dev.lockdrill.kata.bulkhead.protocol.Budgets;
import dev.lockdrill.kata.bulkhead.protocol.CallResult;
import dev.lockdrill.kata.bulkhead.protocol.Ending;
import dev.lockdrill.kata.bulkhead.protocol.WorkResult;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The future carries what the dependency gave: the very value it returned (not null, not another
 * call's), or its own error — not a value, not a timeout that fired long after the error was in.
 */
public final class ValuesDelivered implements Invariant {
    @Override
    public String name() {
        return "values-delivered";
    }

    @Override
    public String description() {
        return "a call's future completes with the value its work returned, or with the dependency's own error";
    }

    @Override
    public InvariantResult check(History history) {
        BulkheadFacts facts = new BulkheadFacts(history);
        List<Evidence> evidence = new ArrayList<>();
        boolean judged = false;
        for (Op call : facts.calls()) {
            CallResult outcome = BulkheadFacts.outcome(call);
            Optional<Op> reached = facts.workOf(call);
            if (outcome.is(Ending.VALUE)) {
                judged = true;
                Optional<WorkResult> work = reached.map(WorkResult::of);
                String due = work.filter(WorkResult::answered).map(WorkResult::value).orElse(null);
                if (due == null || !due.equals(outcome.value())) {
                    evidence.add(Evidence.of(BulkheadFacts.who(call) + " completed with the value " + outcome.value()
                            + (reached.isEmpty() ? " although its work never reached the dependency"
                            : due == null ? " although the dependency answered " + work.get().error()
                            : "; the dependency had answered " + due), call.id()));
                }
                continue;
            }
            if (reached.isEmpty()) {
                continue;
            }
            Op workOp = reached.get();
            WorkResult work = WorkResult.of(workOp);
            if (work.answered() && outcome.is(Ending.FAILED)) {
                judged = true;
                evidence.add(new Evidence(BulkheadFacts.who(call) + " failed as if the dependency had, but it answered "
                        + work.value(), List.of(call.id()), List.of(workOp.id())));
            } else if (work.failed()) {
                judged = true;
                long late = facts.ran(call.scenario(), workOp.completeNanos(), call.completeNanos());
                if (!outcome.is(Ending.FAILED) && !outcome.is(Ending.CANCELLED)
                        && late > Budgets.FAILURE_GRACE_MILLIS * BulkheadFacts.MS) {
                    evidence.add(new Evidence(String.format(Locale.ROOT, "%s: the dependency failed (%s), but the "
                                    + "future ended as %s %.1f ms later", BulkheadFacts.who(call), work.error(),
                            outcome, late / 1e6), List.of(call.id()), List.of(workOp.id())));
                } else if (!outcome.is(Ending.FAILED) && !outcome.is(Ending.CANCELLED) && !outcome.is(Ending.TIMEOUT)) {
                    evidence.add(new Evidence(BulkheadFacts.who(call) + ": the dependency failed (" + work.error()
                            + "), but the future ended as " + outcome, List.of(call.id()), List.of(workOp.id())));
                }
            }
        }
        if (!judged) {
            return notExercised("no call got an answer from its dependency");
        }
        return failIfAny(Evidence.capped(evidence, 5));
    }
}
