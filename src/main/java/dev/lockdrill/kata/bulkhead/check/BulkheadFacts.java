package dev.lockdrill.kata.bulkhead.check;

import dev.lockdrill.history.FaultEvent;
import dev.lockdrill.history.FaultKind;
import dev.lockdrill.history.Faults;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Observation;
import dev.lockdrill.history.Op;
import dev.lockdrill.kata.bulkhead.protocol.BulkheadObservation;
import dev.lockdrill.kata.bulkhead.protocol.BulkheadOp;
import dev.lockdrill.kata.bulkhead.protocol.CallArgs;
import dev.lockdrill.kata.bulkhead.protocol.CallResult;
import dev.lockdrill.kata.bulkhead.protocol.LimitRow;
import dev.lockdrill.history.StallRow;
import dev.lockdrill.kata.bulkhead.protocol.WorkArgs;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/** Reads a bulkhead history: client calls, the work that reached each dependency, limits and free permits. */
final class BulkheadFacts {
    static final long MS = 1_000_000L;
    private final History history;
    private final Map<Long, Op> workByCall = new HashMap<>();
    private final Map<String, LimitRow> limits = new HashMap<>();
    private final Map<String, List<StallRow>> stalls = new HashMap<>();

    BulkheadFacts(History history) {
        this.history = history;
        for (Op work : history.ops(BulkheadOp.WORK)) {
            workByCall.putIfAbsent(WorkArgs.of(work).call(), work);
        }
        for (Observation observation : history.observations(BulkheadObservation.LIMITS.label())) {
            for (Map<String, Object> row : observation.rows()) {
                LimitRow limit = LimitRow.of(row);
                limits.put(observation.scenario() + "/" + limit.dependency(), limit);
            }
        }
        for (Observation observation : history.observations(BulkheadObservation.STALLS.label())) {
            stalls.computeIfAbsent(observation.scenario(), s -> new ArrayList<>())
                    .addAll(observation.rows().stream().map(StallRow::of).toList());
        }
    }

    /** How long the machine stalled the check within [from, to] of this scenario (nanoseconds). */
    long stalled(String scenario, long from, long to) {
        return StallRow.overlap(stalls.getOrDefault(scenario, List.of()), from, to);
    }

    /** The op's duration less the machine's stalls during it (nanoseconds). */
    long ran(Op op) {
        return ran(op.scenario(), op.invokeNanos(), op.completeNanos());
    }

    /** The time from {@code from} to {@code to} less the machine's stalls in it (nanoseconds). */
    long ran(String scenario, long from, long to) {
        return to - from - stalled(scenario, from, to);
    }

    History history() {
        return history;
    }

    List<Op> calls(String scenario) {
        return history.ops(op -> op.is(BulkheadOp.CALL) && op.scenario().equals(scenario));
    }

    List<Op> calls() {
        return history.ops(BulkheadOp.CALL);
    }

    List<Op> work() {
        return history.ops(BulkheadOp.WORK);
    }

    List<Op> work(String scenario, String dependency) {
        return history.ops(op -> op.is(BulkheadOp.WORK) && op.scenario().equals(scenario)
                && dependency.equals(WorkArgs.of(op).dependency()));
    }

    /** The work of this call, if it reached its dependency. */
    Optional<Op> workOf(Op call) {
        return Optional.ofNullable(workByCall.get(call.id()));
    }

    /** Ids of the client calls whose work reached their dependency. */
    Set<Long> reached() {
        return workByCall.keySet().stream().collect(Collectors.toSet());
    }

    /** The limit and call timeout the call's scenario configured for its dependency. */
    Optional<LimitRow> limit(Op call) {
        return Optional.ofNullable(limits.get(call.scenario() + "/" + dependency(call)));
    }

    List<Observation> observations(BulkheadObservation name) {
        return history.observations(name.label());
    }

    List<FaultEvent> faults(FaultKind kind) {
        return history.faults().stream().filter(f -> f.is(kind)).toList();
    }

    /** The hang of the call's dependency in force when the call was made, if there was one. */
    Optional<FaultEvent> hangOf(Op call) {
        return history.faults(call.scenario()).stream()
                .filter(f -> f.is(Faults.HANG) && f.landed() && f.target().equals(dependency(call))
                        && f.startNanos() <= call.invokeNanos() && call.invokeNanos() <= f.endNanos())
                .findFirst();
    }

    static CallResult outcome(Op call) {
        return CallResult.of(call);
    }

    static String dependency(Op call) {
        return CallArgs.of(call).dependency();
    }

    static double millis(Op op) {
        return (op.completeNanos() - op.invokeNanos()) / 1e6;
    }

    static String who(Op call) {
        return call.scenario() + ": " + call.worker() + "'s call to " + dependency(call);
    }
}
