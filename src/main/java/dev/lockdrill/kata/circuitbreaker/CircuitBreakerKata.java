package dev.lockdrill.kata.circuitbreaker;

import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.Metrics;
import dev.lockdrill.kata.Clause;
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
    public List<Clause> contract() {
        return List.of(
                new Clause("C1", "Thread-safe: the three methods may be called from many threads at once; every "
                        + "reported outcome is counted exactly once, and no method throws.",
                        List.of("outcomes-counted-under-contention", "half-open-trials-bounded",
                                "one-event-per-transition", "linearizable-under-interleaving", "no-unexpected-errors"),
                        List.of(Scenarios.OUTCOME_HAMMER, Scenarios.HALF_OPEN_RACE, Scenarios.INTERLEAVED_CALLS)),
                new Clause("C2", "CLOSED lets every call through and judges the outcomes of the last "
                        + "slidingWindowSize reported calls (a permit that never gets an outcome is no call), not "
                        + "every call since it closed.",
                        List.of("rates-over-the-sliding-window", "opens-only-after-minimum-calls",
                                "behaves-like-reference-model"),
                        List.of(Scenarios.SLIDING_WINDOW, Scenarios.ABANDONED_PERMITS, Scenarios.FLAPPING)),
                new Clause("C3", "CLOSED goes to OPEN once at least minimumNumberOfCalls calls are in the window "
                        + "(exactly the minimum, not one fewer) and the failure rate or the slow-call rate is at or "
                        + "above its threshold (>=); a threshold is any percentage, not only a whole one.",
                        List.of("opens-only-after-minimum-calls", "behaves-like-reference-model"),
                        List.of(Scenarios.MINIMUM_CALLS, Scenarios.ABANDONED_PERMITS, Scenarios.FLAPPING,
                                Scenarios.FRACTIONAL_THRESHOLDS)),
                new Clause("C4", "A call is slow when it took longer than slowCallDurationThreshold (exactly the "
                        + "threshold is not slow), whether it succeeded or failed; slow calls count in both states.",
                        List.of("counts-slow-calls", "behaves-like-reference-model"),
                        List.of(Scenarios.SLOW_CALLS, Scenarios.SLOW_BOUNDARY, Scenarios.FRACTIONAL_THRESHOLDS)),
                new Clause("C5", "OPEN rejects every call until waitDurationInOpenState has passed on the ticker, "
                        + "measured as a difference of ticker values (its origin is arbitrary: negative, or about to "
                        + "wrap past Long.MAX_VALUE), never on the wall clock; then the next call is a trial.",
                        List.of("no-permit-while-open", "wall-clock-jump-changes-nothing",
                                "behaves-like-reference-model"),
                        List.of(Scenarios.OPEN_WAIT, Scenarios.TICKER_WRAP, Scenarios.CLOCK_JUMP)),
                new Clause("C6", "HALF_OPEN lets permittedNumberOfCallsInHalfOpenState trials through in total, not "
                        + "in flight (a trial that came back frees no permit), even to 64 racing threads.",
                        List.of("half-open-trials-bounded"),
                        List.of(Scenarios.HALF_OPEN_TRIALS, Scenarios.HALF_OPEN_TRICKLE, Scenarios.HALF_OPEN_RACE)),
                new Clause("C7", "HALF_OPEN decides once min(minimumNumberOfCalls, permitted) trials are back, at the "
                        + "latest when all are: a rate at or above its threshold reopens it (a new wait), otherwise it "
                        + "closes with an empty window.",
                        List.of("behaves-like-reference-model", "opens-only-after-minimum-calls", "counts-slow-calls"),
                        List.of(Scenarios.HALF_OPEN_TRIALS, Scenarios.SLOW_CALLS, Scenarios.SLIDING_WINDOW,
                                Scenarios.HALF_OPEN_ORDERS)),
                new Clause("C8", "The only transitions are CLOSED→OPEN, OPEN→HALF_OPEN and HALF_OPEN→OPEN|CLOSED; "
                        + "each is announced exactly once, on the thread that made it, before that call returns.",
                        List.of("no-closed-to-half-open", "one-event-per-transition",
                                "linearizable-under-interleaving"),
                        List.of(Scenarios.HALF_OPEN_RACE, Scenarios.FLAPPING, Scenarios.OUTCOME_HAMMER,
                                Scenarios.INTERLEAVED_CALLS)));
    }
}
