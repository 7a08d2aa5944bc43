package dev.lockdrill.kata.bulkhead.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Op;
import dev.lockdrill.kata.bulkhead.protocol.Budgets;
import dev.lockdrill.kata.bulkhead.protocol.Ending;
import dev.lockdrill.kata.bulkhead.protocol.LimitRow;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A call that never reached its dependency was turned away: it must say so with
 * BulkheadFullException within {@value Budgets#REJECTION_MILLIS} ms (coarse, for loaded machines;
 * the p99 rejection latency is a metric), not end in some other way — nor, if it was made while
 * the dependency was full, queue and time out (a call admitted to a dependency with room may time
 * out before its work starts when the machine stalls: that is no fault of the bulkhead's). A call made (or still
 * waiting) while its dependency was full — the limit's worth of works inside it, all of them staying
 * for the next {@value Budgets#REJECTION_MILLIS} ms — must be rejected within that time, not wait for
 * a permit. A rejected call's work never runs. A call the client cancelled first is exempt. Time
 * the machine stalled the check itself does not count.
 */
public final class RejectionsFastAndTyped implements Invariant {
    @Override
    public String name() {
        return "rejections-fast-and-typed";
    }

    @Override
    public String description() {
        return "a call that is not admitted fails at once (< " + Budgets.REJECTION_MILLIS
                + " ms) with BulkheadFullException, and a full dependency rejects instead of making callers wait";
    }

    @Override
    public InvariantResult check(History history) {
        BulkheadFacts facts = new BulkheadFacts(history);
        List<Evidence> evidence = new ArrayList<>();
        Map<String, List<Op>> works = new HashMap<>();
        long bound = Budgets.REJECTION_MILLIS * BulkheadFacts.MS;
        for (Op call : facts.calls()) {
            if (BulkheadFacts.outcome(call).is(Ending.CANCELLED)) {
                continue;
            }
            Optional<Op> reached = facts.workOf(call);
            boolean rejected = BulkheadFacts.outcome(call).is(Ending.REJECTED);
            if (reached.isPresent() && rejected) {
                evidence.add(new Evidence(BulkheadFacts.who(call) + " was rejected, yet its work ran",
                        List.of(reached.get().id()), List.of(call.id())));
                continue;
            }
            Optional<LimitRow> limit = facts.limit(call);
            if (limit.isEmpty()) {
                continue;
            }
            List<Op> inside = works.computeIfAbsent(call.scenario() + "/" + BulkheadFacts.dependency(call),
                    key -> facts.work(call.scenario(), BulkheadFacts.dependency(call)));
            if (reached.isEmpty() && !rejected && (!BulkheadFacts.outcome(call).is(Ending.TIMEOUT)
                    || insideAt(inside, call.invokeNanos()) >= limit.get().limit())) {
                evidence.add(Evidence.of(String.format(Locale.ROOT, "%s never reached it and ended as %s after "
                        + "%.1f ms%s", BulkheadFacts.who(call), BulkheadFacts.outcome(call), BulkheadFacts.millis(call),
                        BulkheadFacts.outcome(call).is(Ending.TIMEOUT) ? ", though it was made while "
                                + BulkheadFacts.dependency(call) + " was full: it queued instead of being rejected" : ""),
                        call.id()));
                continue;
            }
            if (reached.isEmpty() && rejected && facts.ran(call) > bound) {
                evidence.add(Evidence.of(String.format(Locale.ROOT, "%s was rejected only after %.1f ms",
                        BulkheadFacts.who(call), BulkheadFacts.millis(call)), call.id()));
                continue;
            }
            fullWhileWaiting(facts, call, reached, inside, limit.get().limit(), bound).ifPresent(full -> evidence.add(
                    Evidence.of(String.format(Locale.ROOT, "%s was made while %s was full (%d works inside that stayed "
                                    + "for %d ms more), yet it ended as %s only after %.1f ms: it waited instead of "
                                    + "being rejected", BulkheadFacts.who(call), BulkheadFacts.dependency(call),
                            limit.get().limit(), Budgets.REJECTION_MILLIS, BulkheadFacts.outcome(call),
                            BulkheadFacts.millis(call)), call.id())));
        }
        return failIfAny(Evidence.capped(evidence, 5));
    }

    /** How many works were inside the dependency at this instant. */
    static long insideAt(List<Op> works, long t) {
        return works.stream().filter(w -> w.invokeNanos() <= t && w.completeNanos() >= t).count();
    }

    /**
     * A moment, while the call had not yet reached its dependency, at which at least {@code limit}
     * other works were inside and all stayed for {@code bound} more, though the call ended only after it.
     */
    static Optional<Long> fullWhileWaiting(BulkheadFacts facts, Op call, Optional<Op> own, List<Op> works, int limit,
                                           long bound) {
        long admitted = own.map(Op::invokeNanos).orElse(Long.MAX_VALUE);
        long waitedUntil = Math.min(call.completeNanos(), admitted);
        List<Long> moments = new ArrayList<>();
        moments.add(call.invokeNanos());
        for (Op work : works) {
            if (work.invokeNanos() > call.invokeNanos() && work.invokeNanos() < waitedUntil) {
                moments.add(work.invokeNanos());
            }
        }
        for (long t : moments) {
            if (t >= admitted || facts.ran(call.scenario(), t, call.completeNanos()) <= bound) {
                continue;
            }
            long full = works.stream().filter(w -> own.map(o -> o.id() != w.id()).orElse(true))
                    .filter(w -> w.invokeNanos() <= t && w.completeNanos() >= t + bound).count();
            if (full >= limit) {
                return Optional.of(t);
            }
        }
        return Optional.empty();
    }
}
