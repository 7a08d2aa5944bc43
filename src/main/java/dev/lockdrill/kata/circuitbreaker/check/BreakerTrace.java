package dev.lockdrill.kata.circuitbreaker.check;

import dev.lockdrill.history.History;
import dev.lockdrill.history.Observation;
import dev.lockdrill.history.Op;
import dev.lockdrill.kata.circuitbreaker.protocol.BreakerOp;
import dev.lockdrill.kata.circuitbreaker.protocol.BreakerSetup;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Everything that happened to one breaker under test, in the order the harness saw it. */
record BreakerTrace(String breaker, String scenario, ModelConfig config, boolean sequential, List<Op> ops) {

    static List<BreakerTrace> all(History history) {
        List<BreakerTrace> traces = new ArrayList<>();
        for (Observation observation : history.observations(BreakerSetup.OBSERVATION)) {
            for (Map<String, Object> row : observation.rows()) {
                BreakerSetup setup = BreakerSetup.of(row);
                String id = setup.breaker();
                List<Op> ops = history.ops(op -> id.equals(op.stringArg("breaker")));
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
