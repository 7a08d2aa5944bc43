package dev.lockdrill.kata.bulkhead;

import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.Metrics;
import dev.lockdrill.kata.Clause;
import dev.lockdrill.kata.DeclaredKata;
import dev.lockdrill.kata.bulkhead.check.BulkheadInvariants;
import dev.lockdrill.kata.bulkhead.check.BulkheadMetrics;
import dev.lockdrill.kata.bulkhead.workload.BulkheadWorkload;

import java.util.List;

/** The bulkhead kata: how its check plugs into the pipeline. */
public final class BulkheadKata extends DeclaredKata {
    public BulkheadKata() {
        super("bulkhead", BulkheadWorkload.class);
    }

    /** One dependency hangs: without its own bounded pool of permits it takes the callers of the others down with it. */
    @Override
    public String lessonScenario() {
        return "one-hangs";
    }

    @Override
    public List<Invariant> invariants() {
        return BulkheadInvariants.all();
    }

    @Override
    public Metrics metrics() {
        return new BulkheadMetrics();
    }

    @Override
    public List<String> timingDependent() {
        return List.of("how many calls the clients of baseline, one-hangs and outage make in their time",
                "whether cancellation-storm's cancels land before or after the work has started",
                "which of hammer's 10 simultaneous callers get pg's 3 permits");
    }

    /** The clauses of katas/bulkhead/README.md ("## Contract"), each with what judges and exercises it. */
    @Override
    public List<Clause> contract() {
        return List.of(
                new Clause("C1", "At most maxConcurrentCalls works of a dependency run at once, counted from "
                        + "admission until the work has really ended, however many threads call at once.",
                        List.of("concurrency-within-limit"),
                        List.of("hammer", "one-hangs", "cancellation-storm", "timeout")),
                new Clause("C2", "A dependency with room admits: simultaneous calls to an idle dependency are "
                        + "admitted up to the limit itself, and after calls have ended (however they ended) "
                        + "the next calls are admitted.",
                        List.of("admits-up-to-limit", "idle-dependency-admits"),
                        List.of("hammer", "outage", "timeout")),
                new Clause("C3", "A call to a full dependency is not made: its future fails at once with "
                        + "BulkheadFullException — no queue, no waiting for a permit.",
                        List.of("rejections-fast-and-typed"),
                        List.of("one-hangs", "hammer")),
                new Clause("C4", "call() returns its future at once; the work runs on the bulkhead's threads, "
                        + "never the caller's.",
                        List.of("call-returns-at-once"),
                        List.of("hammer", "one-hangs", "timeout")),
                new Clause("C5", "Every answer comes through the future: call() never throws and never returns "
                        + "null.",
                        List.of("failures-through-the-future", "no-unexpected-outcomes"),
                        List.of("one-hangs", "hammer")),
                new Clause("C6", "The future completes with the work's own value, or with the dependency's own "
                        + "exception (the very one it threw, checked or unchecked, not wrapped), as soon as the work "
                        + "ends.",
                        List.of("values-delivered"),
                        List.of("baseline", "outage")),
                new Clause("C7", "A call still running callTimeout after it was made (not sooner) ends with "
                        + "TimeoutException.",
                        List.of("timeouts-end-calls"),
                        List.of("timeout", "one-hangs")),
                new Clause("C8", "The work of a call that timed out or was cancelled is interrupted; work not "
                        + "yet started never starts.",
                        List.of("abandoned-work-interrupted"),
                        List.of("timeout", "one-hangs")),
                new Clause("C9", "Every admitted call returns its permit exactly once, on every path (value, "
                        + "exception, timeout, cancellation), when its work ends; availablePermits says how "
                        + "many calls would be admitted now.",
                        List.of("permits-returned", "idle-dependency-admits"),
                        List.of("outage", "timeout", "cancellation-storm", "hammer")),
                new Clause("C10", "A dependency that hangs holds up only its own share: calls to the others "
                        + "are admitted and keep their latency.",
                        List.of("others-unaffected-by-hang"),
                        List.of("one-hangs", "hang-fills-its-limit")),
                new Clause("C11", "Every call ends: with its value, the dependency's exception, "
                        + "BulkheadFullException, TimeoutException or a cancellation.",
                        List.of("no-unexpected-outcomes"),
                        List.of("baseline", "one-hangs", "outage", "cancellation-storm", "hammer", "timeout",
                                "hang-fills-its-limit")));
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
