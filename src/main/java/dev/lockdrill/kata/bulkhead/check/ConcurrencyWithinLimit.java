package dev.lockdrill.kata.bulkhead.check;

import dev.lockdrill.support.Text;
import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.check.OpText;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Observation;
import dev.lockdrill.history.Op;
import dev.lockdrill.kata.bulkhead.protocol.BulkheadObservation;
import dev.lockdrill.kata.bulkhead.protocol.LimitRow;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** Measured at the dependency: never more calls inside it at once than its limit. */
public final class ConcurrencyWithinLimit implements Invariant {
    @Override
    public String name() {
        return "concurrency-within-limit";
    }

    @Override
    public String description() {
        return "no dependency ever sees more concurrent calls than its maxConcurrentCalls";
    }

    @Override
    public InvariantResult check(History history) {
        BulkheadFacts facts = new BulkheadFacts(history);
        if (facts.work().isEmpty()) {
            return notExercised("no call reached a dependency");
        }
        List<Evidence> evidence = new ArrayList<>();
        for (Observation limits : facts.observations(BulkheadObservation.LIMITS)) {
            for (LimitRow row : limits.rows().stream().map(LimitRow::of).toList()) {
                String dependency = row.dependency();
                int limit = row.limit();
                List<Op> peak = peak(facts.work(limits.scenario(), dependency));
                if (peak.size() > limit) {
                    evidence.add(new Evidence(limits.scenario() + ": " + Text.count(peak.size(), "call") + " were inside "
                            + dependency + " at once at " + OpText.at(peak.get(peak.size() - 1).invokeNanos())
                            + " (limit " + limit + ")", ids(peak.subList(limit, peak.size())), ids(peak.subList(0, limit))));
                }
            }
        }
        return failIfAny(evidence);
    }

    /** The largest set of work intervals that overlap at one instant. */
    private static List<Long> ids(List<Op> ops) {
        return ops.stream().map(Op::id).toList();
    }

    static List<Op> peak(List<Op> work) {
        List<Op> byStart = work.stream().sorted(Comparator.comparingLong(Op::invokeNanos)).toList();
        List<Op> best = List.of();
        List<Op> open = new ArrayList<>();
        for (Op op : byStart) {
            open.removeIf(other -> other.completeNanos() < op.invokeNanos());
            open.add(op);
            if (open.size() > best.size()) {
                best = List.copyOf(open);
            }
        }
        return best;
    }
}
