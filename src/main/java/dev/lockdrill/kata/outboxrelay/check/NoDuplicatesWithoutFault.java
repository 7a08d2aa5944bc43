package dev.lockdrill.kata.outboxrelay.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Op;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * At-least-once is the promise, but a second publication needs a reason: the relay call that
 * published it first was killed or hit a broker refusal (its transaction may have rolled back).
 * Without such a fault, two relays publishing the same event means the claim did not exclude.
 */
public final class NoDuplicatesWithoutFault implements Invariant {
    @Override
    public String name() {
        return "no-duplicates-without-fault";
    }

    @Override
    public String description() {
        return "an event is published twice only after the relay call that published it was killed or refused";
    }

    @Override
    public InvariantResult check(History history) {
        OutboxFacts facts = new OutboxFacts(history);
        Map<String, List<Op>> byEvent = new LinkedHashMap<>();
        for (Op publish : facts.publications()) {
            byEvent.computeIfAbsent(publish.scenario() + "|" + OutboxFacts.eventId(publish), k -> new ArrayList<>())
                    .add(publish);
        }
        List<Evidence> evidence = new ArrayList<>();
        for (List<Op> publications : byEvent.values()) {
            publications.sort(Comparator.comparingLong(Op::invokeNanos));
            for (int i = 1; i < publications.size(); i++) {
                List<Op> earlier = publications.subList(0, i);
                if (earlier.stream().noneMatch(facts::inDoubt)) {
                    Op first = earlier.get(0);
                    Op again = publications.get(i);
                    evidence.add(Evidence.of(OutboxFacts.describePublish(first) + "; then "
                            + OutboxFacts.describePublish(again) + " again, though no fault hit " + first.worker()
                            + "'s call (" + again.scenario() + ")", first.id(), again.id()));
                    break;
                }
            }
        }
        return failIfAny(Evidence.capped(evidence, 8));
    }
}
