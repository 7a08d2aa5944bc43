package dev.lockdrill.kata.circuitbreaker.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;
import dev.lockdrill.kata.circuitbreaker.protocol.BreakerOp;
import dev.lockdrill.kata.circuitbreaker.protocol.State;
import dev.lockdrill.kata.circuitbreaker.protocol.Transition;

import java.util.List;

/** HALF_OPEN is reached only from OPEN, after the wait; CLOSED goes only to OPEN. */
public final class NoClosedToHalfOpen implements Invariant {
    @Override
    public String name() {
        return "no-closed-to-half-open";
    }

    @Override
    public String description() {
        return "the breaker never goes from CLOSED straight to HALF_OPEN";
    }

    @Override
    public InvariantResult check(History history) {
        if (history.ops(BreakerOp.TRANSITION).isEmpty()) {
            return notExercised("the breaker never announced a transition");
        }
        List<Evidence> evidence = history.ops(BreakerOp.TRANSITION).stream()
                .filter(t -> Transition.of(t).is(State.CLOSED, State.HALF_OPEN))
                .map(t -> Evidence.of(Transition.of(t).breaker() + " announced CLOSED→HALF_OPEN", t.id()))
                .toList();
        return failIfAny(evidence);
    }
}
