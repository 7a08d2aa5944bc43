package dev.lockdrill.kata.outboxrelay.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.check.OpText;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Op;
import dev.lockdrill.kata.outboxrelay.protocol.EventFields;
import dev.lockdrill.kata.outboxrelay.protocol.OutboxOp;
import dev.lockdrill.kata.outboxrelay.protocol.Publish;
import dev.lockdrill.kata.outboxrelay.protocol.RelayBatch;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * relayBatch(max) is judged against what it was asked: the broker gets at most {@code max}
 * different events during the call; a call that returns says how many events it published (those
 * the broker confirmed to it); and a call made while committed events were pending, with no other
 * relay or fault about (the harness counted them right before the call), publishes at least one —
 * relayBatch(1) included.
 */
public final class RelayBatchHonoursMax implements Invariant {
    @Override
    public String name() {
        return "relay-batch-honours-max";
    }

    @Override
    public String description() {
        return "relayBatch(max) publishes at most max events, at least one when events are pending, and returns "
                + "how many it published";
    }

    @Override
    public InvariantResult check(History history) {
        List<Op> calls = history.ops(OutboxOp.RELAY_BATCH);
        if (calls.isEmpty()) {
            return notExercised("no relayBatch call was made");
        }
        List<Evidence> evidence = new ArrayList<>();
        for (Op call : calls) {
            RelayBatch asked = RelayBatch.of(call);
            List<Op> publishes = OutboxFacts.publishesDuring(history, call);
            Set<String> accepted = distinctEvents(publishes, false);
            Set<String> confirmed = distinctEvents(publishes, true);
            String what = call.worker() + "'s relayBatch(" + asked.max() + ") at " + OpText.at(call.invokeNanos())
                    + " in " + call.scenario();
            if (accepted.size() > asked.max()) {
                evidence.add(Evidence.of(what + " published " + accepted.size() + " different events", call.id()));
            }
            Optional<Integer> returned = RelayBatch.published(call);
            if (returned.isEmpty()) {
                continue;
            }
            if (returned.get() != confirmed.size() && !OutboxFacts.hitBySessionLoss(history, call)) {
                evidence.add(Evidence.of(what + " returned " + returned.get() + ", but the broker confirmed "
                        + confirmed.size() + " event(s) to it during the call", call.id()));
            }
            if (asked.pendingKnown() && asked.pending() > 0 && confirmed.isEmpty()) {
                evidence.add(Evidence.of(what + " published nothing, though " + asked.pending() + " committed "
                        + "event(s) were pending and no other relay was running", call.id()));
            }
        }
        return failIfAny(Evidence.capped(evidence, 8));
    }

    private static Set<String> distinctEvents(List<Op> publishes, boolean confirmedOnly) {
        return publishes.stream()
                .filter(p -> confirmedOnly ? Publish.confirmed(p) : Publish.accepted(p))
                .map(p -> EventFields.of(p).eventId())
                .collect(Collectors.toSet());
    }
}
