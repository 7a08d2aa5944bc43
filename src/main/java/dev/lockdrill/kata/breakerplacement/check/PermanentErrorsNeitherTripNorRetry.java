package dev.lockdrill.kata.breakerplacement.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;
import dev.lockdrill.kata.breakerplacement.protocol.EmitterOp;
import dev.lockdrill.kata.breakerplacement.protocol.Stamp;
import dev.lockdrill.kata.breakerplacement.protocol.Transition;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A 410 for one item — or a 403 "Resource not accessible by integration", which refuses one
 * resource, not the credential — says nothing about the platform: that event gets one call and goes to the
 * dead-letter queue, and the key's breaker does not open because of a storm of them.
 */
public final class PermanentErrorsNeitherTripNorRetry implements Invariant {
    @Override
    public String name() {
        return "permanent-errors-neither-trip-nor-retry";
    }

    @Override
    public String description() {
        return "a permanent per-item error is not retried, is dead-lettered, and does not open the breaker";
    }

    @Override
    public InvariantResult check(History history) {
        EmitterFacts facts = new EmitterFacts(history);
        List<Evidence> evidence = new ArrayList<>();
        for (String scenario : facts.scenarios()) {
            List<EmitRecord> permanent = facts.emits(scenario).stream().filter(EmitRecord::permanent).toList();
            permanent.stream()
                    .filter(e -> e.calls().size() != 1 || !e.sleeps().isEmpty() || !e.endedWith(EmitterOp.DEAD_LETTER))
                    .limit(3)
                    .forEach(e -> evidence.add(Evidence.of(scenario + ": " + e.describe(), e.emit().id())));
            Set<String> keys = permanent.stream().map(EmitRecord::key).collect(Collectors.toSet());
            boolean outage = facts.outages().stream().anyMatch(o -> o.scenario().equals(scenario));
            if (!outage) {
                facts.ops(scenario, EmitterOp.TRANSITION).stream()
                        .filter(op -> Transition.of(op).opened()
                                && keys.contains(Transition.of(op).breaker()))
                        .limit(1)
                        .forEach(op -> evidence.add(Evidence.of(scenario + ": the breaker of "
                                + Transition.of(op).breaker() + " opened at t=" + Stamp.of(op).tick()
                                + " ms although its only errors were permanent item errors", op.id())));
            }
        }
        return failIfAny(evidence);
    }
}
