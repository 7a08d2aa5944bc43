package dev.lockdrill.kata.bulkhead.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.FaultEvent;
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
 * Work whose call timed out or was cancelled is interrupted: judged on work inside a hung
 * dependency (which nothing but an interrupt or the recovery ends), whose hang went on for at
 * least {@value Budgets#INTERRUPT_GRACE_MILLIS} ms after the call ended (not counting time the
 * machine stalled the check itself). Work that stayed inside
 * until the recovery was never interrupted: it held its slot, and its thread, for nothing.
 */
public final class AbandonedWorkInterrupted implements Invariant {
    @Override
    public String name() {
        return "abandoned-work-interrupted";
    }

    @Override
    public String description() {
        return "the work of a call that timed out or was cancelled is interrupted";
    }

    @Override
    public InvariantResult check(History history) {
        BulkheadFacts facts = new BulkheadFacts(history);
        List<Evidence> evidence = new ArrayList<>();
        boolean judged = false;
        long grace = Budgets.INTERRUPT_GRACE_MILLIS * BulkheadFacts.MS;
        for (Op call : facts.calls()) {
            CallResult outcome = BulkheadFacts.outcome(call);
            Optional<Op> reached = facts.workOf(call);
            if (!(outcome.is(Ending.TIMEOUT) || outcome.is(Ending.CANCELLED)) || reached.isEmpty()) {
                continue;
            }
            Op work = reached.get();
            WorkResult result = WorkResult.of(work);
            if (!result.hung() || work.completeNanos() <= call.completeNanos()) {
                continue;
            }
            if (result.interrupted()) {
                judged = true;
                continue;
            }
            Optional<FaultEvent> hang = facts.hangOf(call);
            if (hang.isPresent() && facts.ran(call.scenario(), call.completeNanos(), hang.get().endNanos()) >= grace) {
                judged = true;
                evidence.add(new Evidence(String.format(Locale.ROOT, "%s ended as %s, but its work was never "
                                + "interrupted: it stayed inside %s for %.1f ms more, until the dependency recovered",
                        BulkheadFacts.who(call), outcome, BulkheadFacts.dependency(call),
                        (work.completeNanos() - call.completeNanos()) / 1e6), List.of(work.id()), List.of(call.id())));
            }
        }
        if (!judged) {
            return notExercised("no call timed out or was cancelled while its work was inside a hung dependency");
        }
        return failIfAny(Evidence.capped(evidence, 5));
    }
}
