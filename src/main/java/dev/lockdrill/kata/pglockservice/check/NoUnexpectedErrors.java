package dev.lockdrill.kata.pglockservice.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.FaultEvent;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Op;

import java.util.ArrayList;
import java.util.List;

/**
 * tryAcquire, renew and release complete without errors; only right after its sessions were
 * killed may a worker's next call fail (a pool may hand out a connection the kill closed).
 */
public final class NoUnexpectedErrors implements Invariant {
    @Override
    public String name() {
        return "no-unexpected-errors";
    }

    @Override
    public String description() {
        return "lock calls complete without errors, except the first call after a kill";
    }

    @Override
    public InvariantResult check(History history) {
        LockFacts facts = new LockFacts(history);
        List<Evidence> evidence = new ArrayList<>();
        for (Op op : history.ops(o -> o.is("acquire") || o.is("renew") || o.is("release"))) {
            if (!op.ok() && !firstCallAfterKill(history, op)) {
                evidence.add(Evidence.of(facts.describeCall(op) + " (" + op.scenario() + ")", op.id()));
            }
        }
        return failIfAny(evidence.size() > 5 ? evidence.subList(0, 5) : evidence);
    }

    private static boolean firstCallAfterKill(History history, Op op) {
        for (FaultEvent kill : history.faults(op.scenario())) {
            if (!kill.name().equals("kill") || !kill.landed() || !kill.target().equals(op.worker())) {
                continue;
            }
            List<Op> after = history.ops(o -> (o.is("acquire") || o.is("renew") || o.is("release"))
                    && o.scenario().equals(op.scenario()) && o.worker().equals(op.worker())
                    && o.invokeNanos() >= kill.startNanos());
            if (!after.isEmpty() && after.get(0).id() == op.id()) {
                return true;
            }
        }
        return false;
    }
}
