package dev.lockdrill.kata.outboxrelay.check;

import dev.lockdrill.support.Text;
import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.check.OpText;
import dev.lockdrill.history.FaultEvent;
import dev.lockdrill.history.Faults;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Op;
import dev.lockdrill.kata.outboxrelay.protocol.OutboxOp;

import java.util.ArrayList;
import java.util.List;

/**
 * One slow relay must not stall the others: while relay-1 was held inside a publish (holding its
 * batch), every other relay call made meanwhile must finish, and publish something, before
 * relay-1 was let go. A relay that waits for relay-1's row locks instead shows up here.
 */
public final class RelaysProgressConcurrently implements Invariant {
    @Override
    public String name() {
        return "relays-progress-concurrently";
    }

    @Override
    public String description() {
        return "while one relay is stuck mid-publish, the other relays publish other events";
    }

    @Override
    public InvariantResult check(History history) {
        OutboxFacts facts = new OutboxFacts(history);
        List<Evidence> evidence = new ArrayList<>();
        List<FaultEvent> holds = history.faults().stream().filter(f -> f.is(Faults.HOLD) && f.landed()).toList();
        if (holds.isEmpty()) {
            return notExercised("no relay was held mid-publish");
        }
        for (FaultEvent hold : holds) {
            List<Op> calls = history.ops(op -> op.is(OutboxOp.RELAY_BATCH) && op.scenario().equals(hold.scenario())
                    && !op.worker().equals(hold.target()) && op.invokeNanos() >= hold.startNanos()
                    && op.invokeNanos() <= hold.endNanos());
            for (Op call : calls) {
                long published = facts.publications().stream()
                        .filter(p -> p.scenario().equals(call.scenario()) && p.worker().equals(call.worker())
                                && p.invokeNanos() >= call.invokeNanos() && p.invokeNanos() <= call.completeNanos())
                        .count();
                if (!call.ok() || call.completeNanos() > hold.endNanos() || published == 0) {
                    evidence.add(Evidence.of(hold.target() + " was held mid-publish from " + OpText.at(hold.startNanos())
                            + " to " + OpText.at(hold.endNanos()) + "; " + call.worker() + "'s relayBatch, called at "
                            + OpText.at(call.invokeNanos()) + ", " + (call.ok() ? "returned" : "ended ("
                            + call.error() + ")") + " at " + OpText.at(call.completeNanos()) + " having published "
                            + Text.count(published, "event") + (call.completeNanos() > hold.endNanos()
                            ? " — it waited for " + hold.target() + " instead of skipping its rows" : ""), call.id()));
                }
            }
        }
        return failIfAny(evidence);
    }
}
