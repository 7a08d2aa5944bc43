package dev.lockdrill.kata.bulkhead.check;

import dev.lockdrill.support.Text;
import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.FaultEvent;
import dev.lockdrill.history.Faults;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Op;
import dev.lockdrill.kata.bulkhead.protocol.Ending;
import dev.lockdrill.kata.bulkhead.protocol.LimitRow;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * While one dependency hangs, calls made meanwhile to the healthy ones (no fault of their own
 * while they ran, not cancelled by their client, made while their dependency had room) keep
 * working: none is rejected, at most
 * {@value #TIMEOUT_SHARE_PERCENT} % time out (a loaded machine stalls every call in flight past its
 * timeout at once, and more than once; a shared pool times out most of them or rejects them) and the p99 latency stays within
 * {@value #P99_BOUND_MILLIS} ms, not counting time the machine stalled the check itself (nor the
 * timeouts those stalls caused). The latency bound is coarse on
 * purpose (a loaded 2-core machine stalls threads for hundreds of ms); the p99 itself is a metric
 * scored against the reference.
 */
public final class OthersUnaffectedByHang implements Invariant {
    static final double P99_BOUND_MILLIS = 1000;
    static final int TIMEOUT_SHARE_PERCENT = 20;
    static final long RELEASE_GRACE_MILLIS = 20;

    @Override
    public String name() {
        return "others-unaffected-by-hang";
    }

    @Override
    public String description() {
        return "while one dependency hangs the others get no rejections, at most " + TIMEOUT_SHARE_PERCENT
                + " % timeouts, and p99 latency under " + (int) P99_BOUND_MILLIS + " ms";
    }

    @Override
    public InvariantResult check(History history) {
        BulkheadFacts facts = new BulkheadFacts(history);
        List<Evidence> evidence = new ArrayList<>();
        for (FaultEvent hang : facts.faults(Faults.HANG)) {
            List<Op> calls = facts.calls(hang.scenario());
            List<Op> healthy = calls.stream()
                    .filter(call -> !hang.target().equals(BulkheadFacts.dependency(call)))
                    .filter(call -> hang.startNanos() <= call.invokeNanos() && call.invokeNanos() <= hang.endNanos())
                    .filter(call -> !BulkheadFacts.outcome(call).is(Ending.CANCELLED))
                    .filter(call -> !faultedItself(facts, call))
                    .filter(call -> hadRoom(facts, calls, call)).toList();
            if (healthy.isEmpty()) {
                continue;
            }
            List<Op> errors = healthy.stream().filter(call -> !BulkheadFacts.outcome(call).is(Ending.VALUE))
                    .filter(call -> !stalledPastItsTimeout(facts, call)).toList();
            long timeouts = errors.stream().filter(call -> BulkheadFacts.outcome(call).is(Ending.TIMEOUT)).count();
            boolean tolerated = timeouts == errors.size() && timeouts * 100 <= TIMEOUT_SHARE_PERCENT * healthy.size();
            if (!errors.isEmpty() && !tolerated) {
                evidence.add(new Evidence(hang.description() + "; meanwhile " + errors.size() + " of "
                        + Text.count(healthy.size(), "call") + " to the healthy dependencies did not succeed: "
                        + errors.stream().map(c -> BulkheadFacts.dependency(c) + " " + BulkheadFacts.outcome(c))
                        .distinct().limit(4).collect(Collectors.joining(", ")),
                        errors.stream().limit(5).map(Op::id).toList()));
            }
            double p99 = p99Ran(facts, healthy);
            if (p99 > P99_BOUND_MILLIS) {
                evidence.add(Evidence.of(String.format(Locale.ROOT, "%s; p99 latency of the healthy dependencies "
                        + "was %.1f ms (bound %.0f ms)", hang.description(), p99, P99_BOUND_MILLIS)));
            }
        }
        return failIfAny(evidence);
    }

    /** The call's own dependency hung or failed at some moment while the call ran: it was not healthy. */
    private static boolean faultedItself(BulkheadFacts facts, Op call) {
        return facts.history().faults(call.scenario()).stream()
                .filter(f -> f.is(Faults.HANG) || f.is(Faults.OUTAGE))
                .anyMatch(f -> f.target().equals(BulkheadFacts.dependency(call))
                        && f.overlaps(call.invokeNanos(), call.completeNanos()));
    }

    /**
     * Fewer than its limit of other calls to the same dependency were in flight at any moment of the
     * call (a call is in flight from when it was made until its future and its work have ended, and
     * {@value #RELEASE_GRACE_MILLIS} ms more that the machine ran, while its permit comes back): a dependency
     * that its own callers fill rightly rejects, hang or no hang.
     */
    private static boolean hadRoom(BulkheadFacts facts, List<Op> calls, Op call) {
        int limit = facts.limit(call).map(LimitRow::limit).orElse(Integer.MAX_VALUE);
        long concurrent = calls.stream()
                .filter(other -> other.id() != call.id()
                        && BulkheadFacts.dependency(other).equals(BulkheadFacts.dependency(call)))
                .filter(other -> other.invokeNanos() <= ended(facts, call)
                        && facts.ran(call.scenario(), ended(facts, other), call.invokeNanos())
                        <= RELEASE_GRACE_MILLIS * BulkheadFacts.MS).count();
        return concurrent < limit;
    }

    private static long ended(BulkheadFacts facts, Op call) {
        return Math.max(call.completeNanos(), facts.workOf(call).map(Op::completeNanos).orElse(call.completeNanos()));
    }

    /** A timeout that the machine's stalls account for: without them the call ran less than its timeout. */
    private static boolean stalledPastItsTimeout(BulkheadFacts facts, Op call) {
        return BulkheadFacts.outcome(call).is(Ending.TIMEOUT) && facts.limit(call)
                .map(limit -> facts.ran(call) < limit.callTimeoutMillis() * BulkheadFacts.MS).orElse(false);
    }

    private static double p99Ran(BulkheadFacts facts, List<Op> calls) {
        long[] sorted = calls.stream().mapToLong(facts::ran).sorted().toArray();
        int index = (int) Math.ceil(0.99 * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, index))] / 1e6;
    }
}
