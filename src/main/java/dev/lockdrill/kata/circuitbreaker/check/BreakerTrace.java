package dev.lockdrill.kata.circuitbreaker.check;

import dev.lockdrill.history.History;
import dev.lockdrill.history.Observation;
import dev.lockdrill.history.Op;
import dev.lockdrill.kata.circuitbreaker.protocol.BreakerOp;
import dev.lockdrill.kata.circuitbreaker.protocol.BreakerSetup;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Everything that happened to one breaker under test, in the order the harness saw it. */
record BreakerTrace(String breaker, String scenario, ModelConfig config, boolean sequential, List<Op> ops) {

    static List<BreakerTrace> all(History history) {
        // one pass over the ops, not one per breaker: a run sets up a few hundred breakers
        Map<String, List<Op>> byBreaker = new HashMap<>();
        for (Op op : history.ops()) {
            String breaker = op.stringArg("breaker");
            if (breaker != null) {
                byBreaker.computeIfAbsent(breaker, b -> new ArrayList<>()).add(op);
            }
        }
        List<BreakerTrace> traces = new ArrayList<>();
        for (Observation observation : history.observations(BreakerSetup.OBSERVATION)) {
            for (Map<String, Object> row : observation.rows()) {
                BreakerSetup setup = BreakerSetup.of(row);
                String id = setup.breaker();
                List<Op> ops = List.copyOf(byBreaker.getOrDefault(id, List.of()));
                traces.add(new BreakerTrace(id, observation.scenario(), ModelConfig.of(setup), setup.sequential(),
                        ops));
            }
        }
        return traces;
    }

    List<Op> transitions() {
        return ops.stream().filter(op -> op.is(BreakerOp.TRANSITION)).toList();
    }
}
