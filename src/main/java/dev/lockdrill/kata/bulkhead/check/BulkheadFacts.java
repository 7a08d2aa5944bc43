package dev.lockdrill.kata.bulkhead.check;

import dev.lockdrill.history.FaultEvent;
import dev.lockdrill.history.FaultKind;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Observation;
import dev.lockdrill.history.Op;
import dev.lockdrill.kata.bulkhead.protocol.BulkheadObservation;
import dev.lockdrill.kata.bulkhead.protocol.BulkheadOp;
import dev.lockdrill.kata.bulkhead.protocol.CallArgs;
import dev.lockdrill.kata.bulkhead.protocol.CallResult;
import dev.lockdrill.kata.bulkhead.protocol.WorkArgs;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/** Reads a bulkhead history: client calls, the work that reached each dependency, limits and free permits. */
record BulkheadFacts(History history) {

    List<Op> calls(String scenario) {
        return history.ops(op -> op.is(BulkheadOp.CALL) && op.scenario().equals(scenario));
    }

    List<Op> calls() {
        return history.ops(BulkheadOp.CALL);
    }

    List<Op> work(String scenario, String dependency) {
        return history.ops(op -> op.is(BulkheadOp.WORK) && op.scenario().equals(scenario)
                && dependency.equals(WorkArgs.of(op).dependency()));
    }

    /** Ids of the client calls whose work reached their dependency. */
    Set<Long> reached() {
        return history.ops(BulkheadOp.WORK).stream().map(op -> WorkArgs.of(op).call()).collect(Collectors.toSet());
    }

    List<Observation> observations(BulkheadObservation name) {
        return history.observations(name.label());
    }

    List<FaultEvent> faults(FaultKind kind) {
        return history.faults().stream().filter(f -> f.is(kind)).toList();
    }

    static CallResult outcome(Op call) {
        return CallResult.of(call);
    }

    static String dependency(Op call) {
        return CallArgs.of(call).dependency();
    }
}
