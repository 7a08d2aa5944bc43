package dev.lockdrill.kata.outboxrelay.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Op;

import java.util.ArrayList;
import java.util.List;

/** Messages are sent if and only if the transaction commits: a rolled-back event never reaches the broker. */
public final class RolledBackNeverPublished implements Invariant {
    @Override
    public String name() {
        return "rolled-back-never-published";
    }

    @Override
    public String description() {
        return "no event from a rolled-back business transaction is published";
    }

    @Override
    public InvariantResult check(History history) {
        OutboxFacts facts = new OutboxFacts(history);
        if (facts.businessTxs().stream().noneMatch(OutboxFacts::rolledBack)) {
            return notExercised("no business transaction rolled back");
        }
        List<Evidence> evidence = new ArrayList<>();
        for (Op tx : facts.businessTxs()) {
            if (!OutboxFacts.rolledBack(tx)) {
                continue;
            }
            for (Op publish : facts.publications(tx.scenario(), OutboxFacts.eventId(tx))) {
                evidence.add(new Evidence(OutboxFacts.describeTx(tx) + ", yet " + OutboxFacts.describePublish(publish)
                        + (publish.invokeNanos() < tx.completeNanos() ? " — before the transaction even ended" : ""),
                        List.of(publish.id()), List.of(tx.id())));
            }
        }
        return failIfAny(evidence);
    }
}
