package dev.lockdrill.kata.breakerplacement.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Op;
import dev.lockdrill.kata.breakerplacement.protocol.EmitterOp;
import dev.lockdrill.kata.breakerplacement.protocol.Permit;

import java.util.ArrayList;
import java.util.List;

/**
 * A refused permit means "not now", not "failed": the emit defers the event at once — the next
 * thing it does is {@code retryLater}, with no sleep, no other call and no dead letter (a sleep or
 * a second ask after a refusal stalls every other key's events behind an open breaker).
 */
public final class OpenBreakerDefers implements Invariant {
    @Override
    public String name() {
        return "open-breaker-defers";
    }

    @Override
    public String description() {
        return "an event refused by an open breaker goes to retry-later at once, not to the dead-letter queue";
    }

    @Override
    public InvariantResult check(History history) {
        EmitterFacts facts = new EmitterFacts(history);
        List<Evidence> evidence = new ArrayList<>();
        int refusals = 0;
        for (String scenario : facts.scenarios()) {
            for (EmitRecord emit : facts.emits(scenario)) {
                List<Op> ops = emit.ops();
                for (int i = 0; i < ops.size(); i++) {
                    if (!ops.get(i).is(EmitterOp.PERMIT) || Permit.of(ops.get(i)).granted()) {
                        continue;
                    }
                    refusals++;
                    Op next = ops.stream().skip(i + 1).filter(op -> !op.is(EmitterOp.TRANSITION)).findFirst()
                            .orElse(null);
                    if (next == null || !next.is(EmitterOp.RETRY_LATER)) {
                        evidence.add(new Evidence(scenario + ": " + emit.describe() + " — after the breaker of "
                                + Permit.of(ops.get(i)).breaker() + " refused a permit, the emit went on with "
                                + (next == null ? "nothing" : next.f()) + " instead of retry-later",
                                List.of(next == null ? emit.emit().id() : next.id()), List.of(ops.get(i).id())));
                    }
                    break;
                }
            }
        }
        if (refusals == 0) {
            return notExercised("no breaker refused a permit");
        }
        return failIfAny(Evidence.capped(evidence, 5));
    }
}
