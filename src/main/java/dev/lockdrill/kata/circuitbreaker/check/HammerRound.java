package dev.lockdrill.kata.circuitbreaker.check;

import dev.lockdrill.history.Op;
import dev.lockdrill.kata.circuitbreaker.protocol.Acquire;
import dev.lockdrill.kata.circuitbreaker.protocol.BreakerOp;
import dev.lockdrill.kata.circuitbreaker.protocol.OutcomeBatch;
import dev.lockdrill.kata.circuitbreaker.protocol.Scenarios;

import java.util.List;

/**
 * One breaker of the outcome hammer: the threads' batches, any transition announced before the
 * driver's calls after them, and those calls (from their first permit request) with what they announced.
 */
record HammerRound(BreakerTrace trace, List<Op> batches, List<Op> during, List<Op> after) {

    static List<HammerRound> all(List<BreakerTrace> traces) {
        return traces.stream().filter(t -> t.scenario().equals(Scenarios.OUTCOME_HAMMER)).map(HammerRound::of)
                .toList();
    }

    private static HammerRound of(BreakerTrace trace) {
        long lastBatch = trace.ops().stream().filter(op -> op.is(BreakerOp.OUTCOMES)).mapToLong(Op::id).max()
                .orElse(Long.MAX_VALUE);
        long firstDriverCall = trace.ops().stream().filter(op -> op.is(BreakerOp.ACQUIRE) && op.id() > lastBatch)
                .mapToLong(Op::id).min().orElse(Long.MAX_VALUE);
        return new HammerRound(trace, trace.ops().stream().filter(op -> op.is(BreakerOp.OUTCOMES)).toList(),
                trace.ops().stream().filter(op -> op.is(BreakerOp.TRANSITION) && op.id() < firstDriverCall).toList(),
                trace.ops().stream().filter(op -> op.id() >= firstDriverCall).toList());
    }

    /** The round can be judged: every batch and every call after it completed without an error. */
    boolean judged() {
        return !batches.isEmpty() && !after.isEmpty() && batches.stream().allMatch(Op::ok)
                && after.stream().allMatch(Op::ok);
    }

    int reported() {
        return batches.stream().mapToInt(op -> OutcomeBatch.of(op).reported()).sum();
    }

    boolean refused() {
        return batches.stream().anyMatch(op -> OutcomeBatch.of(op).refused());
    }

    List<Op> afterCalls(BreakerOp type) {
        return after.stream().filter(op -> op.is(type)).toList();
    }

    static boolean permitted(Op acquire) {
        return Acquire.permitted(acquire);
    }
}
