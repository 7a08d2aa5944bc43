package dev.lockdrill.kata.outboxrelay.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Op;

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
        List<Evidence> evidence = new ArrayList<>();
        for (Op publish : facts.publications()) {
            Optional<Op> tx = facts.txOf(publish.scenario(), publish.stringArg("eventId"));
            if (tx.isEmpty()) {
                Optional<Op> same = facts.businessTxs().stream()
                        .filter(t -> t.scenario().equals(publish.scenario())
                                && Objects.equals(t.stringArg("aggregateId"), publish.stringArg("aggregateId"))
                                && Objects.equals(t.args().get("seq"), publish.args().get("seq")))
                        .findFirst();
                evidence.add(Evidence.of(OutboxFacts.describePublish(publish) + ", but no business transaction "
                        + "enqueued that id" + same.map(t -> "; " + t.stringArg("aggregateId") + " #"
                        + t.args().get("seq") + " was enqueued as event " + t.stringArg("eventId")).orElse(""),
                        publish.id()));
            } else if (!sameContent(tx.get(), publish)) {
                evidence.add(Evidence.of(OutboxFacts.describePublish(publish) + " with payload \""
                        + publish.stringArg("payload") + "\", but it was enqueued as " + OutboxFacts.event(tx.get())
                        + " with payload \"" + tx.get().stringArg("payload") + "\"", tx.get().id(), publish.id()));
            }
        }
        return failIfAny(evidence.size() > 8 ? evidence.subList(0, 8) : evidence);
    }

    private static boolean sameContent(Op tx, Op publish) {
        return Objects.equals(tx.stringArg("aggregateId"), publish.stringArg("aggregateId"))
                && Objects.equals(String.valueOf(tx.args().get("seq")), String.valueOf(publish.args().get("seq")))
                && Objects.equals(tx.stringArg("payload"), publish.stringArg("payload"));
    }
}
