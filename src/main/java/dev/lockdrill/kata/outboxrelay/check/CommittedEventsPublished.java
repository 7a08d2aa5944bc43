package dev.lockdrill.kata.outboxrelay.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Op;
import dev.lockdrill.kata.outboxrelay.protocol.OutboxFaults;
import dev.lockdrill.kata.outboxrelay.protocol.OutboxRow;

import java.util.ArrayList;
import java.util.List;
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
        if (facts.businessTxs().stream().noneMatch(OutboxFacts::committed)) {
            return notExercised("no business transaction committed an event");
        }
        List<Evidence> evidence = new ArrayList<>();
        for (Op tx : facts.businessTxs()) {
            String eventId = OutboxFacts.eventId(tx);
            if (!OutboxFacts.committed(tx) || !facts.publications(tx.scenario(), eventId).isEmpty()) {
                continue;
            }
            facts.faults(tx.scenario(), OutboxFaults.LATE_COMMIT).stream()
                    .filter(f -> f.description().contains(eventId + " "))
                    .forEach(f -> evidence.add(Evidence.of(f.description())));
            Optional<OutboxRow> row = facts.row(tx.scenario(), eventId);
            String state = row.isEmpty() ? "its outbox row is gone"
                    : row.get().marked() ? "its outbox row is marked as published"
                    : "its outbox row (id " + row.get().id() + ") is still pending";
            evidence.add(Evidence.of(OutboxFacts.describeTx(tx) + ", but no relay ever published it; " + state,
                    tx.id()));
        }
        return failIfAny(Evidence.capped(evidence, 8));
    }
}
