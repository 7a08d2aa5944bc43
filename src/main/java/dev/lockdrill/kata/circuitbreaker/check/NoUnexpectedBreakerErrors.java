package dev.lockdrill.kata.circuitbreaker.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;

import java.util.List;

/** The breaker's methods never throw: a breaker that fails the caller's bookkeeping is an outage of its own. */
public final class NoUnexpectedBreakerErrors implements Invariant {
    @Override
    public String name() {
        return "no-unexpected-errors";
    }

    @Override
    public String description() {
        return "tryAcquirePermission, onSuccess and onError never throw";
    }

    @Override
    public InvariantResult check(History history) {
        List<Evidence> evidence = history.ops(op -> !op.ok()).stream().limit(5)
                .map(op -> Evidence.of(op.scenario() + ": " + op.worker() + " " + op.f() + ": " + op.error(), op.id()))
                .toList();
        return failIfAny(evidence);
    }
}
