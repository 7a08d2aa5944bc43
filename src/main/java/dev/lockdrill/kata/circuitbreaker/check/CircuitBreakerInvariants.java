package dev.lockdrill.kata.circuitbreaker.check;

import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.NoUnexpectedErrors;
import dev.lockdrill.kata.circuitbreaker.check.Divergence.Kind;
import dev.lockdrill.kata.circuitbreaker.protocol.BreakerOp;
import dev.lockdrill.kata.circuitbreaker.protocol.Scenarios;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/** Every invariant of the circuit-breaker kata, in the order they are reported. */
public final class CircuitBreakerInvariants {
    private static final Set<Kind> SPECIFIC = EnumSet.of(Kind.PERMIT_WHILE_OPEN, Kind.HALF_OPEN_OVER_LIMIT,
            Kind.OPENED_TOO_EARLY, Kind.CLOSED_TO_HALF_OPEN, Kind.EVENT_COUNT);
    private static final Set<Kind> OPEN_TIMER = EnumSet.of(Kind.PERMIT_WHILE_OPEN, Kind.STAYED_OPEN);

    private CircuitBreakerInvariants() {
    }

    public static List<Invariant> all() {
        return List.of(
                ModelInvariant.ofKinds("no-permit-while-open",
                        "no call is let through while OPEN, before waitDurationInOpenState has elapsed",
                        EnumSet.of(Kind.PERMIT_WHILE_OPEN)),
                new ModelInvariant("half-open-trials-bounded",
                        "HALF_OPEN lets at most permittedNumberOfCallsInHalfOpenState trials through, even to 64 "
                                + "racing threads",
                        d -> d.kind() == Kind.HALF_OPEN_OVER_LIMIT, RaceEvidence::tooManyTrials),
                new NoClosedToHalfOpen(),
                ModelInvariant.ofKinds("opens-only-after-minimum-calls",
                        "CLOSED opens only once minimumNumberOfCalls calls are in the window and a rate reaches "
                                + "its threshold", EnumSet.of(Kind.OPENED_TOO_EARLY)),
                new ModelInvariant("one-event-per-transition",
                        "every transition is announced exactly once, in order",
                        d -> d.kind() == Kind.EVENT_COUNT,
                        facts -> concat(EventChain.breaks(facts), RaceEvidence.repeatedTransitions(facts))),
                new ModelInvariant("wall-clock-jump-changes-nothing",
                        "a jump of the time of day changes no decision: only the monotonic ticker counts",
                        d -> d.trace().scenario().equals(Scenarios.CLOCK_JUMP) && OPEN_TIMER.contains(d.kind()),
                        facts -> List.of()),
                new ModelInvariant("behaves-like-reference-model",
                        "opens at the thresholds (>=), counts slow calls, leaves OPEN after the wait, judges "
                                + "HALF_OPEN on its trials, as Resilience4j does",
                        d -> !SPECIFIC.contains(d.kind()), RaceEvidence::noTrial),
                new NoUnexpectedErrors("tryAcquirePermission, onSuccess and onError never throw",
                        op -> !op.is(BreakerOp.TRANSITION),
                        op -> op.scenario() + ": " + op.worker() + " " + op.f() + ": " + op.error()));
    }

    private static <T> List<T> concat(List<T> a, List<T> b) {
        return Stream.concat(a.stream(), b.stream()).toList();
    }
}
