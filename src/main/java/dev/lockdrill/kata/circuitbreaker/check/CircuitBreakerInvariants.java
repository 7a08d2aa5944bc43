package dev.lockdrill.kata.circuitbreaker.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.NoUnexpectedErrors;
import dev.lockdrill.kata.circuitbreaker.check.Divergence.Kind;
import dev.lockdrill.kata.circuitbreaker.protocol.BreakerOp;
import dev.lockdrill.kata.circuitbreaker.protocol.Scenarios;
import dev.lockdrill.kata.circuitbreaker.protocol.State;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Stream;

/** Every invariant of the circuit-breaker kata, in the order they are reported. */
public final class CircuitBreakerInvariants {
    private static final Set<Kind> SPECIFIC = EnumSet.of(Kind.PERMIT_WHILE_OPEN, Kind.HALF_OPEN_OVER_LIMIT,
            Kind.OPENED_TOO_EARLY, Kind.CLOSED_TO_HALF_OPEN, Kind.EVENT_COUNT, Kind.SLOW_CALL_MISJUDGED,
            Kind.WINDOW_NOT_SLIDING);
    private static final Set<Kind> OPEN_TIMER = EnumSet.of(Kind.PERMIT_WHILE_OPEN, Kind.STAYED_OPEN);
    private static final Function<BreakerFacts, List<Evidence>> NOTHING_MORE = facts -> List.of();

    private CircuitBreakerInvariants() {
    }

    public static final Invariant NO_PERMIT_WHILE_OPEN = new ModelInvariant("no-permit-while-open",
            "no call is let through while OPEN, before waitDurationInOpenState has elapsed on the ticker "
                    + "(whatever its raw values)",
            d -> d.kind() == Kind.PERMIT_WHILE_OPEN, NOTHING_MORE,
            facts -> facts.acquiredIn(State.OPEN, null), "the breaker was never judged while OPEN");
    public static final Invariant HALF_OPEN_TRIALS_BOUNDED = new ModelInvariant("half-open-trials-bounded",
            "HALF_OPEN lets at most permittedNumberOfCallsInHalfOpenState trials through in total (not in "
                    + "flight), even to 64 racing threads",
            d -> d.kind() == Kind.HALF_OPEN_OVER_LIMIT, RaceEvidence::tooManyTrials,
            facts -> facts.acquiredIn(State.HALF_OPEN, null)
                    || facts.rounds().stream().anyMatch(r -> !r.permitted().isEmpty()),
            "no permit was ever asked for in HALF_OPEN");
    public static final Invariant NO_CLOSED_TO_HALF_OPEN = new NoClosedToHalfOpen();
    public static final Invariant OPENS_ONLY_AFTER_MINIMUM_CALLS = new ModelInvariant("opens-only-after-minimum-calls",
            "CLOSED opens only once minimumNumberOfCalls reported calls are in the window and a rate "
                    + "reaches its threshold (a permit without an outcome is no call)",
            d -> d.kind() == Kind.OPENED_TOO_EARLY, NOTHING_MORE,
            facts -> facts.reportedIn(State.OPEN) || facts.reportedIn(State.HALF_OPEN)
                    || facts.acquiredIn(State.OPEN, null),
            "the breaker never opened: that it opened no earlier than allowed says nothing");
    public static final Invariant COUNTS_SLOW_CALLS = new ModelInvariant("counts-slow-calls",
            "a call longer than slowCallDurationThreshold is slow (exactly the threshold is not), failed "
                    + "or not, and slow calls open the breaker at slowCallRateThreshold",
            d -> d.kind() == Kind.SLOW_CALL_MISJUDGED, NOTHING_MORE,
            facts -> facts.reportedIn(State.CLOSED), "no outcome was reported while CLOSED");
    public static final Invariant RATES_OVER_THE_SLIDING_WINDOW = new ModelInvariant("rates-over-the-sliding-window",
            "the rates are over the last slidingWindowSize calls, not over every call since the state "
                    + "began",
            d -> d.kind() == Kind.WINDOW_NOT_SLIDING, NOTHING_MORE,
            facts -> facts.reportedIn(State.CLOSED), "no outcome was reported while CLOSED");
    public static final Invariant ONE_EVENT_PER_TRANSITION = new ModelInvariant("one-event-per-transition",
            "every transition is announced exactly once, in order",
            d -> d.kind() == Kind.EVENT_COUNT,
            facts -> concat(EventChain.breaks(facts), RaceEvidence.repeatedTransitions(facts)),
            facts -> facts.traces().stream().anyMatch(t -> !t.transitions().isEmpty()),
            "the breaker never announced a transition");
    public static final Invariant LINEARIZABLE_UNDER_INTERLEAVING = new LinearizableUnderInterleaving();
    public static final Invariant WALL_CLOCK_JUMP_CHANGES_NOTHING = new ModelInvariant("wall-clock-jump-changes-nothing",
            "a jump of the time of day changes no decision: only the monotonic ticker counts",
            d -> d.trace().scenario().equals(Scenarios.CLOCK_JUMP) && OPEN_TIMER.contains(d.kind()),
            NOTHING_MORE, facts -> facts.acquiredIn(State.OPEN, Scenarios.CLOCK_JUMP),
            "the breaker never opened in the clock-jump scenario");
    public static final Invariant OUTCOMES_COUNTED_UNDER_CONTENTION = new OutcomesCountedUnderContention();
    public static final Invariant BEHAVES_LIKE_REFERENCE_MODEL = new ModelInvariant("behaves-like-reference-model",
            "opens at the thresholds (>=), leaves OPEN after the wait, judges HALF_OPEN on its trials, as "
                    + "Resilience4j does",
            d -> !SPECIFIC.contains(d.kind()), RaceEvidence::noTrial,
            facts -> !facts.replays().isEmpty(), "no breaker was driven from one thread");
    public static final Invariant NO_UNEXPECTED_ERRORS = new NoUnexpectedErrors("tryAcquirePermission, onSuccess and onError never throw",
            op -> !op.is(BreakerOp.TRANSITION),
            op -> op.scenario() + ": " + op.worker() + " " + op.f() + ": " + op.error());

    public static List<Invariant> all() {
        return List.of(NO_PERMIT_WHILE_OPEN, HALF_OPEN_TRIALS_BOUNDED, NO_CLOSED_TO_HALF_OPEN,
                OPENS_ONLY_AFTER_MINIMUM_CALLS, COUNTS_SLOW_CALLS, RATES_OVER_THE_SLIDING_WINDOW,
                ONE_EVENT_PER_TRANSITION, LINEARIZABLE_UNDER_INTERLEAVING, WALL_CLOCK_JUMP_CHANGES_NOTHING,
                OUTCOMES_COUNTED_UNDER_CONTENTION, BEHAVES_LIKE_REFERENCE_MODEL, NO_UNEXPECTED_ERRORS);
    }

    private static <T> List<T> concat(List<T> a, List<T> b) {
        return Stream.concat(a.stream(), b.stream()).toList();
    }
}
