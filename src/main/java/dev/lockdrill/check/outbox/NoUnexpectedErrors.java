package dev.lockdrill.check.outbox;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.check.OpText;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Op;
import dev.lockdrill.history.Outcome;

import java.util.ArrayList;
import java.util.List;

/**
 * enqueue never fails a healthy business transaction, and relayBatch throws only when a fault
 * (a killed session, a broker outage) hit that call.
 */
public final class NoUnexpectedErrors implements Invariant {
    @Override
    public String name() {
        return "no-unexpected-errors";
    }

    @Override
    public String description() {
        return "enqueue and relayBatch complete without errors unless a fault hit them";
    }

    @Override
    public InvariantResult check(History history) {
        List<Evidence> evidence = new ArrayList<>();
        for (Op op : history.ops(o -> o.is("business-tx") || o.is("relayBatch"))) {
            if (op.ok() || op.is("relayBatch") && excused(history, op)) {
                continue;
            }
            String what = op.is("business-tx") ? "business transaction of " + OutboxFacts.event(op) : "relayBatch";
            evidence.add(Evidence.of(op.worker() + "'s " + what + " at " + OpText.at(op.invokeNanos()) + " in "
                    + op.scenario() + ": " + OpText.outcome(op), op.id()));
        }
        return failIfAny(evidence.size() > 5 ? evidence.subList(0, 5) : evidence);
    }

    private static boolean excused(History history, Op call) {
        boolean faulted = history.faults(call.scenario()).stream()
                .filter(f -> f.name().equals("kill") || f.name().equals("outage"))
                .anyMatch(f -> f.target().equals(call.worker()) && call.invokeNanos() <= f.endNanos()
                        && call.completeNanos() >= f.startNanos());
        boolean refused = !history.ops(op -> op.is("publish") && op.outcome() == Outcome.FAIL
                && op.scenario().equals(call.scenario()) && op.worker().equals(call.worker())
                && op.invokeNanos() >= call.invokeNanos() && op.invokeNanos() <= call.completeNanos()).isEmpty();
        return faulted || refused;
    }
}
