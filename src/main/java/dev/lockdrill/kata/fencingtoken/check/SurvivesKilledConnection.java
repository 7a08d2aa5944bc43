package dev.lockdrill.kata.fencingtoken.check;

import dev.lockdrill.kata.fencingtoken.protocol.FencingOps;
import dev.lockdrill.history.Faults;
import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.FaultEvent;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Op;

import java.util.ArrayList;
import java.util.List;

/**
 * After its session was killed, a worker's retries go through on a new connection: the store
 * must not hold on to a dead connection.
 */
public final class SurvivesKilledConnection implements Invariant {
    @Override
    public String name() {
        return "survives-killed-connection";
    }

    @Override
    public String description() {
        return "after pg_terminate_backend, the worker's retry completes on a new connection";
    }

    @Override
    public InvariantResult check(History history) {
        List<Evidence> evidence = new ArrayList<>();
        List<Evidence> unknown = new ArrayList<>();
        for (FaultEvent fault : history.faults()) {
            if (!fault.is(Faults.KILL)) {
                continue;
            }
            if (!fault.landed()) {
                unknown.add(Evidence.of(fault.description()));
                continue;
            }
            List<Op> after = history.ops(op -> op.is(FencingOps.WRITE) && op.scenario().equals(fault.scenario())
                    && op.worker().equals(fault.target()) && op.invokeNanos() > fault.endNanos());
            if (!after.isEmpty() && after.stream().noneMatch(Op::ok)) {
                List<Long> ids = after.stream().map(Op::id).toList();
                evidence.add(new Evidence(fault.description() + "; then none of its " + after.size()
                        + " retries completed" + after.stream().findFirst().map(op -> " (" + op.error() + ")")
                        .orElse(""), ids));
            }
        }
        if (!evidence.isEmpty()) {
            return fail(evidence);
        }
        if (history.faults().stream().noneMatch(f -> f.is(Faults.KILL))) {
            return notExercised("no session was killed");
        }
        return unknown.isEmpty() ? pass() : unknown(unknown);
    }
}
