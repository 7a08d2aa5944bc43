package dev.lockdrill.kata.outboxrelay.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.check.OpText;
import dev.lockdrill.history.FaultEvent;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Op;
import dev.lockdrill.history.Outcome;

import java.util.ArrayList;
import java.util.List;

/**
 * enqueue never fails a healthy business transaction, and relayBatch throws only when a fault
 * hit that call (a broker outage, a refused publish) or the relay's sessions were just killed.
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
        boolean outage = history.faults(call.scenario()).stream()
                .filter(f -> f.name().equals("outage"))
                .anyMatch(f -> f.target().equals(call.worker()) && call.invokeNanos() <= f.endNanos()
                        && call.completeNanos() >= f.startNanos());
        boolean killed = history.faults(call.scenario()).stream()
                .filter(f -> f.name().equals("kill") && f.landed() && f.target().equals(call.worker()))
                .anyMatch(f -> callsHitBy(history, f).contains(call));
        boolean refused = !history.ops(op -> op.is("publish") && op.outcome() == Outcome.FAIL
                && op.scenario().equals(call.scenario()) && op.worker().equals(call.worker())
                && op.invokeNanos() >= call.invokeNanos() && op.invokeNanos() <= call.completeNanos()).isEmpty();
        return outage || killed || refused;
    }

    /**
     * The worker's call during which its sessions were killed, and the call after it: a pool may
     * hand out a connection the kill closed while it sat idle.
     */
    private static List<Op> callsHitBy(History history, FaultEvent kill) {
        List<Op> after = history.ops(op -> op.is("relayBatch") && op.scenario().equals(kill.scenario())
                && op.worker().equals(kill.target()) && op.completeNanos() >= kill.startNanos());
        return after.subList(0, Math.min(2, after.size()));
    }
}
