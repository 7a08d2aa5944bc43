package dev.lockdrill.kata.outboxrelay.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Op;
import dev.lockdrill.kata.outboxrelay.protocol.EventFields;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Consumers deduplicate by event id, so every publication must carry the id (and the content)
 * the event was enqueued with; a re-publish with a fresh id is a second, different message.
 */
public final class DuplicatesKeepEventId implements Invariant {
    @Override
    public String name() {
        return "duplicates-keep-event-id";
    }

    @Override
    public String description() {
        return "every publication carries the event id, aggregate, seq and payload it was enqueued with";
    }

    @Override
    public InvariantResult check(History history) {
        OutboxFacts facts = new OutboxFacts(history);
        if (facts.publications().isEmpty()) {
            return notExercised("no event was published");
        }
        List<Evidence> evidence = new ArrayList<>();
        for (Op publish : facts.publications()) {
            EventFields published = EventFields.of(publish);
            Optional<Op> tx = facts.txOf(publish.scenario(), published.eventId());
            if (tx.isEmpty()) {
                Optional<EventFields> same = facts.businessTxs().stream()
                        .filter(t -> t.scenario().equals(publish.scenario()))
                        .map(EventFields::of)
                        .filter(t -> Objects.equals(t.aggregateId(), published.aggregateId()) && t.seq() == published.seq())
                        .findFirst();
                evidence.add(Evidence.of(OutboxFacts.describePublish(publish) + ", but no business transaction "
                        + "enqueued that id" + same.map(t -> "; " + t.aggregateId() + " #" + t.seq()
                        + " was enqueued as event " + t.eventId()).orElse(""), publish.id()));
            } else {
                EventFields enqueued = EventFields.of(tx.get());
                if (!enqueued.sameContent(published)) {
                    evidence.add(new Evidence(OutboxFacts.describePublish(publish) + " with payload \""
                            + published.payload() + "\", but it was enqueued as " + enqueued.describe()
                            + " with payload \"" + enqueued.payload() + "\"", List.of(publish.id()), List.of(tx.get().id())));
                }
            }
        }
        return failIfAny(Evidence.capped(evidence, 8));
    }
}
