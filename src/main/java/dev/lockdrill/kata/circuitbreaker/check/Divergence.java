package dev.lockdrill.kata.circuitbreaker.check;

import dev.lockdrill.check.Evidence;

import java.util.List;

/** Where a breaker first did something the reference model would not, and what kind of mistake it is. */
record Divergence(Kind kind, BreakerTrace trace, List<Evidence> evidence) {
    Divergence {
        evidence = List.copyOf(evidence);
    }

    enum Kind {
        PERMIT_WHILE_OPEN, STAYED_OPEN, HALF_OPEN_OVER_LIMIT, REJECTED_TRIAL, REJECTED_WHILE_CLOSED,
        OPENED_TOO_EARLY, DID_NOT_OPEN, SLOW_CALL_MISJUDGED, WINDOW_NOT_SLIDING,
        WRONG_HALF_OPEN_DECISION, CLOSED_TO_HALF_OPEN, EVENT_COUNT,
        UNEXPECTED_TRANSITION
    }
}
