package dev.lockdrill.kata.breakerplacement.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;
import dev.lockdrill.kata.breakerplacement.protocol.EmitterOp;

import java.util.ArrayList;
import java.util.List;

/**
 * The dead-letter queue holds only events that are truly done for: a permanent item error, or
 * three real attempts that all failed. An event turned away by an open breaker is deferred.
 */
public final class OpenBreakerDefers implements Invariant {
    @Override
    public String name() {
        return "open-breaker-defers";
    }

    @Override
    public String description() {
        return "an event refused by an open breaker goes to retry-later, not to the dead-letter queue";
    }

    @Override
    public InvariantResult check(History history) {
        EmitterFacts facts = new EmitterFacts(history);
        List<Evidence> evidence = new ArrayList<>();
        for (String scenario : facts.scenarios()) {
            facts.emits(scenario).stream()
                    .filter(e -> e.endedWith(EmitterOp.DEAD_LETTER) && !e.permanent() && e.calls().size() < 3)
                    .limit(5)
                    .forEach(e -> evidence.add(Evidence.of(scenario + ": " + e.describe()
                            + " — dead-lettered without using its attempts", e.emit().id())));
        }
        return failIfAny(evidence);
    }
}
