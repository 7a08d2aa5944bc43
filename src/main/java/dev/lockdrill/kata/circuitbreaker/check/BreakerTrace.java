package dev.lockdrill.kata.circuitbreaker.check;

import dev.lockdrill.history.History;
import dev.lockdrill.history.Observation;
import dev.lockdrill.history.Op;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Everything that happened to one breaker under test, in the order the harness saw it. */
record BreakerTrace(String breaker, String scenario, ModelConfig config, boolean sequential, List<Op> ops) {

    static List<BreakerTrace> all(History history) {
        List<BreakerTrace> traces = new ArrayList<>();
        for (Observation observation : history.observations("config")) {
            for (Map<String, Object> row : observation.rows()) {
                String id = String.valueOf(row.get("breaker"));
                List<Op> ops = history.ops(op -> id.equals(op.stringArg("breaker")));
                traces.add(new BreakerTrace(id, observation.scenario(), ModelConfig.of(row),
                        Boolean.TRUE.equals(row.get("sequential")), ops));
            }
        }
        return traces;
    }

    List<Op> transitions() {
        return ops.stream().filter(op -> op.is("transition")).toList();
    }
}
