package dev.lockdrill.kata.bulkhead.check;

import dev.lockdrill.history.FaultEvent;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Observation;
import dev.lockdrill.history.Op;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/** Reads a bulkhead history: client calls, the work that reached each dependency, limits and free permits. */
record BulkheadFacts(History history) {

    List<Op> calls(String scenario) {
        return history.ops(op -> op.is("call") && op.scenario().equals(scenario));
    }

    List<Op> calls() {
        return history.ops("call");
    }

    List<Op> work(String scenario, String dependency) {
        return history.ops(op -> op.is("work") && op.scenario().equals(scenario)
                && dependency.equals(op.stringArg("dependency")));
    }

    /** Ids of the client calls whose work reached their dependency. */
    Set<Long> reached() {
        return history.ops("work").stream().map(op -> op.longArg("call")).collect(Collectors.toSet());
    }

    List<Map<String, Object>> rows(String observation) {
        return history.observations(observation).stream().flatMap(o -> o.rows().stream()).toList();
    }

    List<Observation> limits() {
        return history.observations("limits");
    }

    List<FaultEvent> faults(String name) {
        return history.faults().stream().filter(f -> f.name().equals(name)).toList();
    }

    static String outcome(Op call) {
        String outcome = call.stringResult("outcome");
        return outcome == null ? "never completed" : outcome;
    }

    static int number(Map<String, Object> row, String key) {
        return row.get(key) instanceof Number n ? n.intValue() : -1;
    }
}
