package dev.lockdrill.kata.outboxrelay.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.check.OpText;
import dev.lockdrill.history.FaultEvent;
import dev.lockdrill.history.Faults;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Op;
import dev.lockdrill.history.Outcome;
import dev.lockdrill.kata.outboxrelay.protocol.OutboxOp;

import java.util.ArrayList;
import java.util.List;

/**
 * A relay does not wait out a broker outage inside one call (retrying while it holds its rows):
 * a call that meets the outage ends — throws or returns — while the broker is still down, and the
 * refused events wait for a later call. The outage lasts a number of the relay's calls, so only a
 * call that never ended sees the broker come back (at the scenario's cap).
 * <p>
 * A call meets the outage when the broker refused one of its publishes: a failed publish of the same
 * relay (the name the harness gave its broker) inside the call and inside the outage. A call that
 * overlaps the outage but was refused nothing did not meet it: on a busy machine a call can still be
 * claiming when the cap passes, and the broker then accepts what it publishes.
 */
public final class CallsEndDuringOutage implements Invariant {
    @Override
    public String name() {
        return "calls-end-during-outage";
    }

    @Override
    public String description() {
        return "a relayBatch call that meets a broker outage ends while the broker is still down";
    }

    @Override
    public InvariantResult check(History history) {
        List<FaultEvent> outages = history.faults().stream().filter(f -> f.is(Faults.OUTAGE) && f.landed()).toList();
        List<Evidence> evidence = new ArrayList<>();
        int judged = 0;
        for (FaultEvent outage : outages) {
            List<Op> calls = history.ops(op -> op.is(OutboxOp.RELAY_BATCH) && op.scenario().equals(outage.scenario())
                    && op.worker().equals(outage.target()) && outage.overlaps(op.invokeNanos(), op.completeNanos()));
            for (Op call : calls) {
                if (history.ops(publish -> refusedWithin(publish, call, outage)).isEmpty()) {
                    continue;
                }
                judged++;
                if (call.completeNanos() > outage.endNanos()) {
                    evidence.add(Evidence.of(call.worker() + "'s relayBatch, called at " + OpText.at(call.invokeNanos())
                            + " while the broker was down (" + OpText.at(outage.startNanos()) + " to "
                            + OpText.at(outage.endNanos()) + "), ended only at " + OpText.at(call.completeNanos())
                            + ", after the broker was back: it waited the outage out instead of leaving the events "
                            + "pending for a later call (" + outage.description() + ")", call.id()));
                }
            }
        }
        if (judged == 0) {
            return notExercised("no relayBatch call met a broker outage");
        }
        return failIfAny(evidence);
    }

    /** A publish of the call's relay the broker refused, inside the call and inside the outage. */
    private static boolean refusedWithin(Op publish, Op call, FaultEvent outage) {
        return publish.is(OutboxOp.PUBLISH) && publish.outcome() == Outcome.FAIL
                && publish.scenario().equals(call.scenario()) && publish.worker().equals(call.worker())
                && publish.invokeNanos() >= call.invokeNanos() && publish.invokeNanos() <= call.completeNanos()
                && outage.overlaps(publish.invokeNanos(), publish.completeNanos());
    }
}
