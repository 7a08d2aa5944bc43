package dev.lockdrill.kata.circuitbreaker;

import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.Metrics;
import dev.lockdrill.kata.Clause;
import dev.lockdrill.kata.Contract;
import dev.lockdrill.kata.DeclaredKata;
import dev.lockdrill.kata.circuitbreaker.check.BreakerMetrics;
import dev.lockdrill.kata.circuitbreaker.check.CircuitBreakerInvariants;
import dev.lockdrill.kata.circuitbreaker.workload.CircuitBreakerWorkload;

import java.util.List;

import static dev.lockdrill.kata.circuitbreaker.check.CircuitBreakerInvariants.BEHAVES_LIKE_REFERENCE_MODEL;
import static dev.lockdrill.kata.circuitbreaker.check.CircuitBreakerInvariants.COUNTS_SLOW_CALLS;
import static dev.lockdrill.kata.circuitbreaker.check.CircuitBreakerInvariants.HALF_OPEN_TRIALS_BOUNDED;
import static dev.lockdrill.kata.circuitbreaker.check.CircuitBreakerInvariants.LINEARIZABLE_UNDER_INTERLEAVING;
import static dev.lockdrill.kata.circuitbreaker.check.CircuitBreakerInvariants.NO_CLOSED_TO_HALF_OPEN;
import static dev.lockdrill.kata.circuitbreaker.check.CircuitBreakerInvariants.NO_PERMIT_WHILE_OPEN;
import static dev.lockdrill.kata.circuitbreaker.check.CircuitBreakerInvariants.NO_UNEXPECTED_ERRORS;
import static dev.lockdrill.kata.circuitbreaker.check.CircuitBreakerInvariants.ONE_EVENT_PER_TRANSITION;
import static dev.lockdrill.kata.circuitbreaker.check.CircuitBreakerInvariants.OPENS_ONLY_AFTER_MINIMUM_CALLS;
import static dev.lockdrill.kata.circuitbreaker.check.CircuitBreakerInvariants.OUTCOMES_COUNTED_UNDER_CONTENTION;
import static dev.lockdrill.kata.circuitbreaker.check.CircuitBreakerInvariants.RATES_OVER_THE_SLIDING_WINDOW;
import static dev.lockdrill.kata.circuitbreaker.check.CircuitBreakerInvariants.WALL_CLOCK_JUMP_CHANGES_NOTHING;
import static dev.lockdrill.kata.circuitbreaker.workload.CircuitBreakerWorkload.ABANDONED_PERMITS;
import static dev.lockdrill.kata.circuitbreaker.workload.CircuitBreakerWorkload.CLOCK_JUMP;
import static dev.lockdrill.kata.circuitbreaker.workload.CircuitBreakerWorkload.FLAPPING;
import static dev.lockdrill.kata.circuitbreaker.workload.CircuitBreakerWorkload.FRACTIONAL_THRESHOLDS;
import static dev.lockdrill.kata.circuitbreaker.workload.CircuitBreakerWorkload.HALF_OPEN_ORDERS;
import static dev.lockdrill.kata.circuitbreaker.workload.CircuitBreakerWorkload.HALF_OPEN_RACE;
import static dev.lockdrill.kata.circuitbreaker.workload.CircuitBreakerWorkload.HALF_OPEN_TRIALS;
import static dev.lockdrill.kata.circuitbreaker.workload.CircuitBreakerWorkload.HALF_OPEN_TRICKLE;
import static dev.lockdrill.kata.circuitbreaker.workload.CircuitBreakerWorkload.INTERLEAVED_CALLS;
import static dev.lockdrill.kata.circuitbreaker.workload.CircuitBreakerWorkload.MINIMUM_CALLS;
import static dev.lockdrill.kata.circuitbreaker.workload.CircuitBreakerWorkload.OPEN_WAIT;
import static dev.lockdrill.kata.circuitbreaker.workload.CircuitBreakerWorkload.OUTCOME_HAMMER;
import static dev.lockdrill.kata.circuitbreaker.workload.CircuitBreakerWorkload.SLIDING_WINDOW;
import static dev.lockdrill.kata.circuitbreaker.workload.CircuitBreakerWorkload.SLOW_BOUNDARY;
import static dev.lockdrill.kata.circuitbreaker.workload.CircuitBreakerWorkload.SLOW_CALLS;
import static dev.lockdrill.kata.circuitbreaker.workload.CircuitBreakerWorkload.TICKER_WRAP;

/** The circuit-breaker kata: how its check plugs into the pipeline. */
public final class CircuitBreakerKata extends DeclaredKata {
    public CircuitBreakerKata() {
        super("circuit-breaker", CircuitBreakerWorkload.class, CircuitBreakerWorkload.SCENARIOS);
    }

    /** Many threads racing for the half-open trials: a check-then-act breaker lets more through than permitted. */
    @Override
    public String lessonScenario() {
        return HALF_OPEN_RACE.name();
    }

    @Override
    public List<Invariant> invariants() {
        return CircuitBreakerInvariants.all();
    }

    @Override
    public Metrics metrics() {
        return new BreakerMetrics();
    }

    @Override
    public List<String> timingDependent() {
        return List.of("which of half-open-race's 64 racing threads get the trials",
                "how many calls outcome-hammer's 4 threads make in their 700 ms and how they interleave");
    }

    @Override
    public Contract contract() {
        return Contract.of("""
                Your breaker must honour every clause; the check names the invariant that judges each one.""",
                Clause.of("C1", "thread-safe", """
                        `tryAcquirePermission`, `onSuccess` and `onError` may be called from many threads at
                        once; every reported outcome is counted exactly once, and no method throws.""")
                        .judgedBy(OUTCOMES_COUNTED_UNDER_CONTENTION, HALF_OPEN_TRIALS_BOUNDED,
                                ONE_EVENT_PER_TRANSITION, LINEARIZABLE_UNDER_INTERLEAVING,
                                NO_UNEXPECTED_ERRORS)
                        .at(OUTCOME_HAMMER, HALF_OPEN_RACE, INTERLEAVED_CALLS),
                Clause.of("C2", "a sliding window of reported calls", """
                        CLOSED lets every call through and judges the outcomes of the last `slidingWindowSize`
                        *reported* calls: a permit that never gets an outcome is no call, and calls that slid
                        out of the window no longer count (the rate is not over every call since it closed).""")
                        .judgedBy(RATES_OVER_THE_SLIDING_WINDOW, OPENS_ONLY_AFTER_MINIMUM_CALLS,
                                BEHAVES_LIKE_REFERENCE_MODEL)
                        .at(SLIDING_WINDOW, ABANDONED_PERMITS, FLAPPING),
                Clause.of("C3", "opening", """
                        CLOSED goes to OPEN once at least `minimumNumberOfCalls` calls are in the window
                        (exactly the minimum, not one fewer) and the failure rate or the slow-call rate is
                        **at or above** its threshold (`>=`). Thresholds are any percentage in (0, 100], not
                        only whole ones: 1 failure in 3 reaches 33.3 %.""")
                        .judgedBy(OPENS_ONLY_AFTER_MINIMUM_CALLS, BEHAVES_LIKE_REFERENCE_MODEL)
                        .at(MINIMUM_CALLS, ABANDONED_PERMITS, FLAPPING, FRACTIONAL_THRESHOLDS),
                Clause.of("C4", "slow calls", """
                        A call is slow when it took **longer than** `slowCallDurationThreshold` (exactly the
                        threshold is not slow), whether it succeeded or failed; slow calls count in CLOSED and
                        in HALF_OPEN.""")
                        .judgedBy(COUNTS_SLOW_CALLS, BEHAVES_LIKE_REFERENCE_MODEL)
                        .at(SLOW_CALLS, SLOW_BOUNDARY, FRACTIONAL_THRESHOLDS),
                Clause.of("C5", "the open wait", """
                        OPEN rejects every call until `waitDurationInOpenState` has passed on the ticker,
                        measured as a *difference* of ticker values — its origin is arbitrary, like
                        `System.nanoTime()`: it may be negative or about to wrap past `Long.MAX_VALUE`, so
                        compare `now - openedAt >= wait`, never `now >= openedAt + wait`. The wall clock never
                        counts. Then the next call is a trial (OPEN → HALF_OPEN).""")
                        .judgedBy(NO_PERMIT_WHILE_OPEN, WALL_CLOCK_JUMP_CHANGES_NOTHING,
                                BEHAVES_LIKE_REFERENCE_MODEL)
                        .at(OPEN_WAIT, TICKER_WRAP, CLOCK_JUMP),
                Clause.of("C6", "trials in total", """
                        HALF_OPEN lets `permittedNumberOfCallsInHalfOpenState` trials through *in total*, not
                        in flight: a trial that came back frees no permit. This holds for 64 racing threads.""")
                        .judgedBy(HALF_OPEN_TRIALS_BOUNDED)
                        .at(HALF_OPEN_TRIALS, HALF_OPEN_TRICKLE, HALF_OPEN_RACE),
                Clause.of("C7", "the half-open verdict", """
                        HALF_OPEN decides once min(`minimumNumberOfCalls`, permitted) trials are back, at the
                        latest when all of them are: a rate at or above its threshold reopens it (a new wait),
                        otherwise it closes with an **empty** window.""")
                        .judgedBy(BEHAVES_LIKE_REFERENCE_MODEL, OPENS_ONLY_AFTER_MINIMUM_CALLS,
                                COUNTS_SLOW_CALLS)
                        .at(HALF_OPEN_TRIALS, SLOW_CALLS, SLIDING_WINDOW, HALF_OPEN_ORDERS),
                Clause.of("C8", "transitions", """
                        The only transitions are CLOSED → OPEN, OPEN → HALF_OPEN and HALF_OPEN → OPEN or
                        CLOSED. Each is announced exactly once, on the thread that made it, before that call
                        returns.""")
                        .judgedBy(NO_CLOSED_TO_HALF_OPEN, ONE_EVENT_PER_TRANSITION,
                                LINEARIZABLE_UNDER_INTERLEAVING)
                        .at(HALF_OPEN_RACE, FLAPPING, OUTCOME_HAMMER, INTERLEAVED_CALLS));
    }
}
