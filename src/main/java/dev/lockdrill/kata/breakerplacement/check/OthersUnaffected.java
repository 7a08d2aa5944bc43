package dev.lockdrill.kata.breakerplacement.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;
import dev.lockdrill.kata.breakerplacement.protocol.EmitterOp;

import java.util.ArrayList;
import java.util.List;

/**
 * While some keys fail, the events of every other key — the same platform's other credentials
 * included — go through exactly as before: one call, delivered, never refused by a breaker. (Their
 * delivery rate is a metric: a sequential emitter still loses some time to the failing key's
 * probes and retry sleeps, a correct one far less than one without breakers.)
 */
public final class OthersUnaffected implements Invariant {
    @Override
    public String name() {
        return "others-unaffected";
    }

    @Override
    public String description() {
        return "during an outage every event of an unaffected key is delivered with one call, never deferred";
    }

    @Override
    public InvariantResult check(History history) {
        EmitterFacts facts = new EmitterFacts(history);
        List<Evidence> evidence = new ArrayList<>();
        for (EmitterFacts.ScenarioOutage outage : facts.outages()) {
            facts.emits(outage.scenario()).stream()
                    .filter(e -> !outage.keys().contains(e.key()) && outage.during(e.emit())
                            && e.stamp().firstPass())
                    .filter(e -> e.calls().size() != 1 || !e.endedWith(EmitterOp.DELIVERED))
                    .limit(5)
                    .forEach(e -> evidence.add(Evidence.of(outage.scenario() + ": while " + outage.description()
                            + ", " + e.describe(), e.emit().id())));
        }
        return failIfAny(evidence);
    }
}
