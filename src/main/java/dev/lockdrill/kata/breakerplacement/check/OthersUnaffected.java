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
 * included — go through exactly as before: one call, delivered, never refused by a breaker. A key
 * that had a fault of its own earlier (its breaker may still be open) is not one of the others,
 * nor is an item the platform rejects (404, 410, 422). (Their
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
        List<EmitterFacts.ScenarioOutage> outages = facts.outages();
        for (EmitterFacts.ScenarioOutage outage : outages) {
            facts.emits(outage.scenario()).stream()
                    .filter(e -> !outage.keys().contains(e.key()) && outage.during(e.emit())
                            && e.stamp().firstPass() && !e.permanent() && !faultedBefore(outages, outage, e))
                    .filter(e -> e.calls().size() != 1 || !e.endedWith(EmitterOp.DELIVERED))
                    .limit(5)
                    .forEach(e -> evidence.add(Evidence.of(outage.scenario() + ": while " + outage.description()
                            + ", " + e.describe(), e.emit().id())));
        }
        return failIfAny(evidence);
    }

    /**
     * The event's own key had a fault of its own that began before the event (its breaker may still
     * be open or probing after it ended): that key is not one of the others.
     */
    private static boolean faultedBefore(List<EmitterFacts.ScenarioOutage> outages, EmitterFacts.ScenarioOutage outage,
                                         EmitRecord emit) {
        return outages.stream().anyMatch(o -> o.scenario().equals(outage.scenario()) && o.keys().contains(emit.key())
                && o.from() <= emit.tick());
    }
}
