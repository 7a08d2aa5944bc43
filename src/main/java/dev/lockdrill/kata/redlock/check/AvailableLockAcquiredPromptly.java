package dev.lockdrill.kata.redlock.check;

import dev.lockdrill.kata.redlock.protocol.Roles;
import dev.lockdrill.history.StallRow;
import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.Faults;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Op;
import dev.lockdrill.kata.redlock.protocol.RedlockOp;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * When a majority of nodes is free and reachable, acquire returns a lease; and while a node is slow
 * or never answers, it returns within half the TTL (not counting time the machine stalled the check
 * itself): such a node costs the per-node timeout, which must be much smaller than the TTL.
 */
final class AvailableLockAcquiredPromptly implements Invariant {
    @Override
    public String name() {
        return "available-lock-acquired-promptly";
    }

    @Override
    public String description() {
        return "with a majority of nodes free and reachable, acquire returns a lease (within half the TTL while a node is slow or unreachable)";
    }

    @Override
    public InvariantResult check(History history) {
        List<Op> expected = history.ops(op -> op.is(RedlockOp.ACQUIRE) && Boolean.TRUE.equals(op.args().get("expectLease")));
        List<Evidence> evidence = new ArrayList<>();
        Map<String, List<StallRow>> stallsOf = new HashMap<>();
        for (Op op : expected) {
            long ttl = op.longArg("ttlMs");
            // the time the acquire ran: a loaded machine that stalled the check itself must not make a
            // correct client look slow (the stalls are measured in the check process, StallWatch)
            long took = RedlockFacts.millis(op.completeNanos() - op.invokeNanos()
                    - StallRow.overlap(stallsOf.computeIfAbsent(op.scenario(), scenario -> stalls(history, scenario)),
                    op.invokeNanos(), op.completeNanos()));
            if (!op.ok()) {
                continue;
            }
            if (!op.accepted().orElse(false)) {
                evidence.add(Evidence.of(op.scenario() + ": " + op.worker() + " got no lease on "
                        + op.stringArg("resource") + " although a majority of the nodes was free and reachable",
                        op.id()));
            } else if (took > ttl / 2 && nodeFaulty(history, op)) {
                evidence.add(Evidence.of(op.scenario() + ": " + op.worker() + "'s acquire took " + took
                        + " ms for a TTL of " + ttl + " ms (more than half of it, not counting the machine's "
                        + "stalls): is the per-node timeout much smaller than the TTL?", op.id()));
            }
        }
        return failIfAny(Evidence.capped(evidence, 5));
    }

    private static List<StallRow> stalls(History history, String scenario) {
        return history.observations(Roles.STALLS).stream().filter(o -> o.scenario().equals(scenario))
                .flatMap(o -> o.rows().stream()).map(StallRow::of).toList();
    }

    private static boolean nodeFaulty(History history, Op op) {
        return history.faults(op.scenario()).stream().anyMatch(f -> f.landed()
                && (f.is(Faults.HANG) || f.is(Faults.SLOW)) && f.overlaps(op.invokeNanos(), op.completeNanos()));
    }
}
