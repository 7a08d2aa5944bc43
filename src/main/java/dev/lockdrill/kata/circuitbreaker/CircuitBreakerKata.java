package dev.lockdrill.kata.circuitbreaker;

import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.Metrics;
import dev.lockdrill.kata.Clause;
import dev.lockdrill.kata.Contract;
import dev.lockdrill.kata.DeclaredKata;
import dev.lockdrill.kata.circuitbreaker.check.BreakerMetrics;
import dev.lockdrill.kata.circuitbreaker.check.CircuitBreakerInvariants;
import dev.lockdrill.kata.circuitbreaker.protocol.Scenarios;
import dev.lockdrill.kata.circuitbreaker.workload.CircuitBreakerWorkload;

import java.util.List;

/** The circuit-breaker kata: how its check plugs into the pipeline. */
public final class CircuitBreakerKata extends DeclaredKata {
    public CircuitBreakerKata() {
        super("circuit-breaker", CircuitBreakerWorkload.class);
    }

    /** Many threads racing for the half-open trials: a check-then-act breaker lets more through than permitted. */
    @Override
    public String lessonScenario() {
        return Scenarios.HALF_OPEN_RACE;
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
                        .judgedBy("outcomes-counted-under-contention", "half-open-trials-bounded",
                                "one-event-per-transition", "linearizable-under-interleaving",
                                "no-unexpected-errors")
                        .at("outcome-hammer", "half-open-race", "interleaved-calls"),
                Clause.of("C2", "a sliding window of reported calls", """
                        CLOSED lets every call through and judges the outcomes of the last `slidingWindowSize`
                        *reported* calls: a permit that never gets an outcome is no call, and calls that slid
                        out of the window no longer count (the rate is not over every call since it closed).""")
                        .judgedBy("rates-over-the-sliding-window", "opens-only-after-minimum-calls",
                                "behaves-like-reference-model")
                        .at("sliding-window", "abandoned-permits", "flapping"),
                Clause.of("C3", "opening", """
                        CLOSED goes to OPEN once at least `minimumNumberOfCalls` calls are in the window
                        (exactly the minimum, not one fewer) and the failure rate or the slow-call rate is
                        **at or above** its threshold (`>=`). Thresholds are any percentage in (0, 100], not
                        only whole ones: 1 failure in 3 reaches 33.3 %.""")
                        .judgedBy("opens-only-after-minimum-calls", "behaves-like-reference-model")
                        .at("minimum-calls", "abandoned-permits", "flapping", "fractional-thresholds"),
                Clause.of("C4", "slow calls", """
                        A call is slow when it took **longer than** `slowCallDurationThreshold` (exactly the
                        threshold is not slow), whether it succeeded or failed; slow calls count in CLOSED and
                        in HALF_OPEN.""")
                        .judgedBy("counts-slow-calls", "behaves-like-reference-model")
                        .at("slow-calls", "slow-boundary", "fractional-thresholds"),
                Clause.of("C5", "the open wait", """
                        OPEN rejects every call until `waitDurationInOpenState` has passed on the ticker,
                        measured as a *difference* of ticker values — its origin is arbitrary, like
                        `System.nanoTime()`: it may be negative or about to wrap past `Long.MAX_VALUE`, so
                        compare `now - openedAt >= wait`, never `now >= openedAt + wait`. The wall clock never
                        counts. Then the next call is a trial (OPEN → HALF_OPEN).""")
                        .judgedBy("no-permit-while-open", "wall-clock-jump-changes-nothing",
                                "behaves-like-reference-model")
                        .at("open-wait", "ticker-wrap", "clock-jump"),
                Clause.of("C6", "trials in total", """
                        HALF_OPEN lets `permittedNumberOfCallsInHalfOpenState` trials through *in total*, not
                        in flight: a trial that came back frees no permit. This holds for 64 racing threads.""")
                        .judgedBy("half-open-trials-bounded")
                        .at("half-open-trials", "half-open-trickle", "half-open-race"),
                Clause.of("C7", "the half-open verdict", """
                        HALF_OPEN decides once min(`minimumNumberOfCalls`, permitted) trials are back, at the
                        latest when all of them are: a rate at or above its threshold reopens it (a new wait),
                        otherwise it closes with an **empty** window.""")
                        .judgedBy("behaves-like-reference-model", "opens-only-after-minimum-calls",
                                "counts-slow-calls")
                        .at("half-open-trials", "slow-calls", "sliding-window", "half-open-orders"),
                Clause.of("C8", "transitions", """
                        The only transitions are CLOSED → OPEN, OPEN → HALF_OPEN and HALF_OPEN → OPEN or
                        CLOSED. Each is announced exactly once, on the thread that made it, before that call
                        returns.""")
                        .judgedBy("no-closed-to-half-open", "one-event-per-transition",
                                "linearizable-under-interleaving")
                        .at("half-open-race", "flapping", "outcome-hammer", "interleaved-calls"));
    }
}
