package dev.lockdrill.kata.bulkhead;

import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.Metrics;
import dev.lockdrill.kata.Clause;
import dev.lockdrill.kata.Contract;
import dev.lockdrill.kata.DeclaredKata;
import dev.lockdrill.kata.bulkhead.check.BulkheadInvariants;
import dev.lockdrill.kata.bulkhead.check.BulkheadMetrics;
import dev.lockdrill.kata.bulkhead.workload.BulkheadWorkload;

import java.util.List;

import static dev.lockdrill.kata.bulkhead.check.BulkheadInvariants.ABANDONED_WORK_INTERRUPTED;
import static dev.lockdrill.kata.bulkhead.check.BulkheadInvariants.ADMITS_UP_TO_LIMIT;
import static dev.lockdrill.kata.bulkhead.check.BulkheadInvariants.CALL_RETURNS_AT_ONCE;
import static dev.lockdrill.kata.bulkhead.check.BulkheadInvariants.CONCURRENCY_WITHIN_LIMIT;
import static dev.lockdrill.kata.bulkhead.check.BulkheadInvariants.FAILURES_THROUGH_THE_FUTURE;
import static dev.lockdrill.kata.bulkhead.check.BulkheadInvariants.IDLE_DEPENDENCY_ADMITS;
import static dev.lockdrill.kata.bulkhead.check.BulkheadInvariants.NO_UNEXPECTED_OUTCOMES;
import static dev.lockdrill.kata.bulkhead.check.BulkheadInvariants.OTHERS_UNAFFECTED_BY_HANG;
import static dev.lockdrill.kata.bulkhead.check.BulkheadInvariants.PERMITS_RETURNED;
import static dev.lockdrill.kata.bulkhead.check.BulkheadInvariants.REJECTIONS_FAST_AND_TYPED;
import static dev.lockdrill.kata.bulkhead.check.BulkheadInvariants.TIMEOUTS_END_CALLS;
import static dev.lockdrill.kata.bulkhead.check.BulkheadInvariants.VALUES_DELIVERED;
import static dev.lockdrill.kata.bulkhead.workload.BulkheadWorkload.BASELINE;
import static dev.lockdrill.kata.bulkhead.workload.BulkheadWorkload.CANCELLATION_STORM;
import static dev.lockdrill.kata.bulkhead.workload.BulkheadWorkload.HAMMER;
import static dev.lockdrill.kata.bulkhead.workload.BulkheadWorkload.INTERLEAVED_ADMISSION;
import static dev.lockdrill.kata.bulkhead.workload.BulkheadWorkload.HANG_FILLS_ITS_LIMIT;
import static dev.lockdrill.kata.bulkhead.workload.BulkheadWorkload.ONE_HANGS;
import static dev.lockdrill.kata.bulkhead.workload.BulkheadWorkload.OUTAGE;
import static dev.lockdrill.kata.bulkhead.workload.BulkheadWorkload.TIMEOUT;

/** The bulkhead kata: how its check plugs into the pipeline. */
public final class BulkheadKata extends DeclaredKata {
    public BulkheadKata() {
        super("bulkhead", BulkheadWorkload.class, BulkheadWorkload.SCENARIOS);
    }

    /** One dependency hangs: without its own bounded pool of permits it takes the callers of the others down with it. */
    @Override
    public String lessonScenario() {
        return ONE_HANGS.name();
    }

    @Override
    public List<Invariant> invariants() {
        return BulkheadInvariants.all();
    }

    @Override
    public Metrics metrics() {
        return new BulkheadMetrics(BulkheadWorkload.ONE_HANGS);
    }

    @Override
    public List<String> timingDependent() {
        return List.of("how many calls the clients of baseline, one-hangs and outage make in their time",
                "whether cancellation-storm's cancels land before or after the work has started",
                "which of hammer's 10 simultaneous callers get pg's 3 permits");
    }

    /** The clauses of katas/bulkhead/README.md ("## Contract"), each with what judges and exercises it. */
    @Override
    public Contract contract() {
        return Contract.of("""
                Your class must honour every clause, with any number of threads calling it at once. The check
                names the clause a failure breaks.""",
                Clause.of("C1", """
                        At most `maxConcurrentCalls.get(dependency)` works of a dependency run at once —
                        counted from admission until the work has *really* ended (not until the caller stopped
                        waiting), however many threads call at the same instant, and however their admissions
                        interleave: a count checked, then taken, lets two callers through on one permit.""")
                        .judgedBy(CONCURRENCY_WITHIN_LIMIT)
                        .at(HAMMER, ONE_HANGS, CANCELLATION_STORM, TIMEOUT, INTERLEAVED_ADMISSION),
                Clause.of("C2", """
                        A dependency with room admits: simultaneous calls to an idle dependency are admitted
                        up to the limit itself (the limit, not limit − 1), and once calls have ended — with a
                        value, an exception, a timeout or a cancellation — the next calls are admitted again.""")
                        .judgedBy(ADMITS_UP_TO_LIMIT, IDLE_DEPENDENCY_ADMITS)
                        .at(HAMMER, OUTAGE, TIMEOUT),
                Clause.of("C3", """
                        A call to a full dependency is not made: its future fails at once with
                        `BulkheadFullException`. No queue, no waiting for a permit (maxWaitDuration 0).""")
                        .judgedBy(REJECTIONS_FAST_AND_TYPED)
                        .at(ONE_HANGS, HAMMER),
                Clause.of("C4", """
                        `call()` returns its future at once; the work runs on the bulkhead's threads, never
                        the caller's.""")
                        .judgedBy(CALL_RETURNS_AT_ONCE)
                        .at(HAMMER, ONE_HANGS, TIMEOUT),
                Clause.of("C5", """
                        Every answer comes through the future, a rejection included: `call()` never throws and
                        never returns null.""")
                        .judgedBy(FAILURES_THROUGH_THE_FUTURE, NO_UNEXPECTED_OUTCOMES)
                        .at(ONE_HANGS, HAMMER),
                Clause.of("C6", """
                        The future completes with the work's own value, or with the dependency's own exception
                        — the very one it threw, checked (an `IOException`) or unchecked, not wrapped in
                        another — as soon as the work ends (not a null, not a timeout later on).""")
                        .judgedBy(VALUES_DELIVERED)
                        .at(BASELINE, OUTAGE),
                Clause.of("C7", """
                        A call still running `callTimeout` after it was made — not sooner — ends with
                        `TimeoutException`.""")
                        .judgedBy(TIMEOUTS_END_CALLS)
                        .at(TIMEOUT, ONE_HANGS),
                Clause.of("C8", """
                        The work of a call that timed out or was cancelled is interrupted; work that has not
                        started yet never starts.""")
                        .judgedBy(ABANDONED_WORK_INTERRUPTED)
                        .at(TIMEOUT, ONE_HANGS),
                Clause.of("C9", """
                        Every admitted call gives its permit back exactly once, on every path, when its work
                        ends; `availablePermits` says how many calls would be admitted right now (0 while
                        full, the limit once everything has ended).""")
                        .judgedBy(PERMITS_RETURNED, IDLE_DEPENDENCY_ADMITS)
                        .at(OUTAGE, TIMEOUT, CANCELLATION_STORM, HAMMER),
                Clause.of("C10", """
                        A dependency that hangs holds up only its own share: calls to the others are admitted
                        and keep their latency.""")
                        .judgedBy(OTHERS_UNAFFECTED_BY_HANG)
                        .at(ONE_HANGS, HANG_FILLS_ITS_LIMIT),
                Clause.of("C11", """
                        Every call ends: with its value, the dependency's exception, `BulkheadFullException`,
                        `TimeoutException` or a cancellation.""")
                        .judgedBy(NO_UNEXPECTED_OUTCOMES)
                        .at(BASELINE, ONE_HANGS, OUTAGE, CANCELLATION_STORM, HAMMER, TIMEOUT,
                                HANG_FILLS_ITS_LIMIT));
    }

    @Override
    public int lanes() {
        return BulkheadWorkload.LANES.size();
    }

    /**
     * The processors the check process sees and the common pool's size are inputs of the scenarios,
     * not whatever the machine has: a bulkhead that runs its work on the common pool (or
     * {@code supplyAsync} without an executor) shares 2 threads among every dependency on every
     * machine, so a hung dependency starves the others every run.
     */
    @Override
    public List<String> jvmOptions() {
        return BulkheadWorkload.jvmOptions();
    }
}
