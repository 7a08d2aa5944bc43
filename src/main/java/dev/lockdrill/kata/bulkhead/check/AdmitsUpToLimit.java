package dev.lockdrill.kata.bulkhead.check;

import dev.lockdrill.support.Text;
import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Op;
import dev.lockdrill.kata.bulkhead.protocol.CallArgs;
import dev.lockdrill.kata.bulkhead.protocol.LimitRow;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A limit is a promise both ways: calls released together at a hung dependency of fresh bulkheads
 * (every permit free, and none comes back during the burst) are admitted up to the limit itself,
 * not one fewer.
 */
public final class AdmitsUpToLimit implements Invariant {
    @Override
    public String name() {
        return "admits-up-to-limit";
    }

    @Override
    public String description() {
        return "of calls released at once at an idle dependency, exactly min(calls, limit) are admitted — not fewer";
    }

    @Override
    public InvariantResult check(History history) {
        BulkheadFacts facts = new BulkheadFacts(history);
        Map<String, List<Op>> bursts = new LinkedHashMap<>();
        for (Op call : facts.calls()) {
            String burst = CallArgs.of(call).burst();
            if (burst != null) {
                bursts.computeIfAbsent(call.scenario() + ": " + burst, k -> new ArrayList<>()).add(call);
            }
        }
        if (bursts.isEmpty()) {
            return notExercised("no calls were released together at an idle dependency");
        }
        List<Evidence> evidence = new ArrayList<>();
        for (Map.Entry<String, List<Op>> burst : bursts.entrySet()) {
            List<Op> calls = burst.getValue();
            int limit = facts.limit(calls.get(0)).map(LimitRow::limit).orElse(-1);
            long admitted = calls.stream().filter(call -> facts.workOf(call).isPresent()).count();
            int due = Math.min(calls.size(), limit);
            if (admitted < due) {
                evidence.add(new Evidence(burst.getKey() + ": " + Text.count(calls.size(), "call") + " released at once at an idle "
                        + BulkheadFacts.dependency(calls.get(0)) + " (limit " + limit + "): only " + admitted
                        + " admitted; the others ended as " + calls.stream()
                        .filter(call -> facts.workOf(call).isEmpty())
                        .map(call -> BulkheadFacts.outcome(call).outcome()).distinct()
                        .collect(Collectors.joining(", ")),
                        calls.stream().filter(call -> facts.workOf(call).isEmpty()).map(Op::id).toList(),
                        calls.stream().filter(call -> facts.workOf(call).isPresent()).map(Op::id).toList()));
            }
        }
        return failIfAny(Evidence.capped(evidence, 5));
    }
}
