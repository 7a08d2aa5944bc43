package dev.lockdrill.kata.circuitbreaker.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.history.Op;
import dev.lockdrill.kata.circuitbreaker.protocol.State;
import dev.lockdrill.kata.circuitbreaker.protocol.Transition;

import java.util.ArrayList;
import java.util.List;

/**
 * Transition events of one breaker must form a chain: each starts where the previous one ended
 * (the first from CLOSED) and goes somewhere else. A repeated or skipped announcement breaks it.
 */
final class EventChain {
    private EventChain() {
    }

    static List<Evidence> breaks(BreakerFacts facts) {
        List<Evidence> evidence = new ArrayList<>();
        for (BreakerTrace trace : facts.traces()) {
            State state = State.CLOSED;
            for (Op event : trace.transitions()) {
                Transition transition = Transition.of(event);
                if (transition.from() != state || transition.from() == transition.to()) {
                    evidence.add(Evidence.of(trace.breaker() + " announced " + transition.arrow()
                            + " while its previous announcement left it " + state, event.id()));
                    break;
                }
                state = transition.to();
            }
        }
        return evidence;
    }
}
