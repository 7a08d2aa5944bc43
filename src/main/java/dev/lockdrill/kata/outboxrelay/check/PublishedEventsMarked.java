package dev.lockdrill.kata.outboxrelay.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Op;
import dev.lockdrill.kata.outboxrelay.protocol.OutboxRow;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * When the relays are done, a published event's row is marked (or deleted): otherwise it is
 * published again forever, or a killed relay's claim was never released.
 */
public final class PublishedEventsMarked implements Invariant {
    @Override
    public String name() {
        return "published-events-marked";
    }

    @Override
    public String description() {
        return "every published event's outbox row ends marked as published (or deleted)";
    }

    @Override
    public InvariantResult check(History history) {
        OutboxFacts facts = new OutboxFacts(history);
        if (facts.publications().isEmpty()) {
            return notExercised("no event was published");
        }
        List<Evidence> evidence = new ArrayList<>();
        for (Op tx : facts.businessTxs()) {
            String eventId = OutboxFacts.eventId(tx);
            List<Op> publications = facts.publications(tx.scenario(), eventId);
            Optional<OutboxRow> row = facts.row(tx.scenario(), eventId);
            if (!OutboxFacts.committed(tx) || publications.isEmpty() || row.isEmpty()
                    || row.get().marked()) {
                continue;
            }
            Op last = publications.get(publications.size() - 1);
            evidence.add(Evidence.of(OutboxFacts.describePublish(last) + " (" + publications.size()
                    + " publication(s) in all), but its outbox row (id " + row.get().id()
                    + ") is still unmarked when the relays are done", last.id()));
        }
        return failIfAny(Evidence.capped(evidence, 8));
    }
}
