package dev.lockdrill.kata.outboxrelay.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Op;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The outbox promise: an event whose transaction committed reaches the broker (at least once). */
public final class CommittedEventsPublished implements Invariant {
    @Override
    public String name() {
        return "committed-events-published";
    }

    @Override
    public String description() {
        return "every event whose business transaction committed is published at least once";
    }

    @Override
    public InvariantResult check(History history) {
        OutboxFacts facts = new OutboxFacts(history);
        List<Evidence> evidence = new ArrayList<>();
        for (Op tx : facts.businessTxs()) {
            String eventId = tx.stringArg("eventId");
            if (!OutboxFacts.committed(tx) || !facts.publications(tx.scenario(), eventId).isEmpty()) {
                continue;
            }
            facts.faults(tx.scenario(), "late-commit").stream()
                    .filter(f -> f.description().contains(eventId + " "))
                    .forEach(f -> evidence.add(Evidence.of(f.description())));
            Optional<Map<String, Object>> row = facts.row(tx.scenario(), eventId);
            String state = row.isEmpty() ? "its outbox row is gone"
                    : Boolean.TRUE.equals(row.get().get("marked")) ? "its outbox row is marked as published"
                    : "its outbox row (id " + row.get().get("id") + ") is still pending";
            evidence.add(Evidence.of(OutboxFacts.describeTx(tx) + ", but no relay ever published it; " + state,
                    tx.id()));
        }
        return failIfAny(evidence.size() > 8 ? evidence.subList(0, 8) : evidence);
    }
}
