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
 * At-least-once is the promise, but every further publication needs a reason: the relay call that
 * published the event the time before was killed or crashed, or one of its messages was refused,
 * lost or left unacknowledged (its transaction may have rolled back, or the relay could not know).
 * A further publication is also expected from a call whose sessions were killed (or whose process
 * crashed) before it sent that message: its claim went with its session and another relay may have
 * published the event meanwhile, but the relay cannot know until its next round trip to the
 * database. Without such a fault, a second publication means the claim did not exclude, or the
 * relay forgot what it had published.
 */
public final class NoDuplicatesWithoutFault implements Invariant {
    @Override
    public String name() {
        return "no-duplicates-without-fault";
    }

    @Override
    public String description() {
        return "an event is published again only after a fault hit the relay call that published it the time before";
    }

    @Override
    public InvariantResult check(History history) {
        OutboxFacts facts = new OutboxFacts(history);
        if (facts.publications().isEmpty()) {
            return notExercised("no event was published");
        }
        Map<String, List<Op>> byEvent = new LinkedHashMap<>();
        for (Op publish : facts.publications()) {
            byEvent.computeIfAbsent(publish.scenario() + "|" + OutboxFacts.eventId(publish), k -> new ArrayList<>())
                    .add(publish);
        }
        List<Evidence> evidence = new ArrayList<>();
        for (List<Op> publications : byEvent.values()) {
            publications.sort(Comparator.comparingLong(Op::invokeNanos));
            for (int i = 1; i < publications.size(); i++) {
                Op previous = publications.get(i - 1);
                Op again = publications.get(i);
                if (!facts.inDoubt(previous) && !facts.claimLostBefore(again)) {
                    evidence.add(new Evidence(OutboxFacts.describePublish(previous) + "; then "
                            + OutboxFacts.describePublish(again) + " again, though no fault hit " + previous.worker()
                            + "'s call in between (" + again.scenario() + ")", List.of(again.id()), List.of(previous.id())));
                    break;
                }
            }
        }
        return failIfAny(Evidence.capped(evidence, 8));
    }
}
