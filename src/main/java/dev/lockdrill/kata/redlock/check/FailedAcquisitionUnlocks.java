package dev.lockdrill.kata.redlock.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Op;
import dev.lockdrill.kata.redlock.protocol.RedlockOp;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * An acquire that gives up leaves no value of its own on any node (the nodes, read right after it
 * returned): a value counts as its own when the client sent it to that node and was answered
 * before acquire returned. A command the network delivered only after the client had given up on
 * it (and unlocked) is not the client's fault: its key expires with the TTL.
 */
final class FailedAcquisitionUnlocks implements Invariant {
    @Override
    public String name() {
        return "failed-acquisition-unlocks-every-node";
    }

    @Override
    public String description() {
        return "when acquire returns no lease, no node still holds a value it set";
    }

    @Override
    public InvariantResult check(History history) {
        Set<String> leases = RedlockFacts.leaseValues(history);
        List<Evidence> evidence = new ArrayList<>();
        int judged = 0;
        for (Op op : history.ops(RedlockOp.ACQUIRE)) {
            if (!op.ok() || op.accepted().orElse(true)) {
                continue;
            }
            judged++;
            Map<String, String> before = RedlockFacts.nodes(op, "nodesBefore");
            Map<String, String> after = RedlockFacts.nodes(op, "nodesAfter");
            List<RedlockFacts.Command> traffic = RedlockFacts.traffic(history, op.scenario());
            for (Map.Entry<String, String> node : after.entrySet()) {
                String value = node.getValue();
                if (!value.isEmpty() && !value.equals(before.get(node.getKey())) && !leases.contains(value)
                        && answered(traffic, op, node.getKey(), value)) {
                    evidence.add(Evidence.of(op.scenario() + ": " + op.worker() + "'s acquire of "
                            + op.stringArg("resource") + " returned no lease but left node " + node.getKey()
                            + " locked with " + RedlockFacts.shortValue(value), op.id()));
                }
            }
        }
        if (judged == 0) {
            return notExercised("no acquire returned without a lease");
        }
        return failIfAny(Evidence.capped(evidence, 5));
    }

    private static boolean answered(List<RedlockFacts.Command> traffic, Op op, String node, String value) {
        return traffic.stream().anyMatch(c -> c.worker().equals(op.worker()) && c.node().equals(node)
                && c.words().contains(value) && c.sentNanos() >= op.invokeNanos()
                && c.replyNanos() >= 0 && c.replyNanos() <= op.completeNanos());
    }
}
