package dev.lockdrill.kata.circuitbreaker.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.history.Op;

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
            String state = "CLOSED";
            for (Op event : trace.transitions()) {
                String from = event.stringArg("from");
                String to = event.stringArg("to");
                if (!from.equals(state) || from.equals(to)) {
                    evidence.add(Evidence.of(trace.breaker() + " announced " + TransitionText.arrow(event)
                            + " while its previous announcement left it " + state, event.id()));
                    break;
                }
                state = to;
            }
        }
        return evidence;
    }
}
