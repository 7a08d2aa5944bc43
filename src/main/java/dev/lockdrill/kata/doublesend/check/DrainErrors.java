package dev.lockdrill.kata.doublesend.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.check.OpText;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Op;

import java.util.List;

/** drainOnce() handles provider errors itself; it throws only when its worker was crashed by the harness. */
public final class DrainErrors implements Invariant {
    @Override
    public String name() {
        return "no-unexpected-errors";
    }

    @Override
    public String description() {
        return "drainOnce() does not throw unless its worker crashed";
    }

    @Override
    public InvariantResult check(History history) {
        List<Evidence> evidence = history.ops(op -> op.is("drain") && !op.ok() && !crashed(history, op)).stream()
                .limit(5)
                .map(op -> Evidence.of(op.worker() + "'s drainOnce() in " + op.scenario() + ": " + OpText.outcome(op),
                        op.id()))
                .toList();
        return failIfAny(evidence);
    }

    private static boolean crashed(History history, Op op) {
        return history.faults(op.scenario()).stream().anyMatch(f -> f.name().startsWith("crash")
                && f.target().equals(op.worker()) && f.startNanos() <= op.completeNanos());
    }
}
