package dev.lockdrill.kata.breakerplacement.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;
import dev.lockdrill.kata.breakerplacement.protocol.EmitterOp;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Every emit tells the outbox exactly one ending, and once deferred events have been handed back
 * (the faults are over by then) every event is delivered or dead-lettered: none is lost. An event
 * handed back may be emitted again by another worker: its last ending is the latest in time.
 */
public final class EveryEventEnds implements Invariant {
    @Override
    public String name() {
        return "every-event-ends";
    }

    @Override
    public String description() {
        return "each emit ends exactly once (delivered, dead-letter, retry-later) and no event is lost";
    }

    @Override
    public InvariantResult check(History history) {
        EmitterFacts facts = new EmitterFacts(history);
        List<Evidence> evidence = new ArrayList<>();
        for (String scenario : facts.scenarios()) {
            List<EmitRecord> emits = facts.emits(scenario);
            emits.stream().filter(e -> e.endings().size() != 1).limit(3)
                    .forEach(e -> evidence.add(Evidence.of(scenario + ": " + e.describe() + " — "
                            + e.endings().size() + " endings", e.emit().id())));
            Map<String, String> last = emits.stream().sorted(Comparator.comparingLong(e -> e.emit().id()))
                    .collect(Collectors.toMap(EmitRecord::event, EmitRecord::ending, (a, b) -> b));
            last.entrySet().stream().filter(e -> !e.getValue().equals(EmitterOp.DELIVERED.label())
                    && !e.getValue().equals(EmitterOp.DEAD_LETTER.label())).limit(3)
                    .forEach(e -> evidence.add(Evidence.of(scenario + ": event " + e.getKey()
                            + " was never delivered nor dead-lettered (last: " + e.getValue() + ")")));
        }
        return failIfAny(evidence);
    }
}
