package dev.lockdrill.kata.redlock.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Op;
import dev.lockdrill.kata.redlock.protocol.RedlockOp;

import java.util.ArrayList;
import java.util.List;

/**
 * After release returns, no node holds the released lease's value. A node whose reply to a command
 * the release sent it had not come back when release returned is not judged: the client gave up on
 * it (its per-node timeout, on a busy machine), and the command may still land after the nodes were
 * read. That command need not name the lease: a client library's own hand-shake on a new
 * connection (Jedis sends CLIENT SETINFO) can time out first, and then the release's command is
 * never sent (async-fan-out, 100 ms per node, at load 8-15). A node the release sent nothing to is
 * judged.
 */
final class ReleaseFreesEveryNode implements Invariant {
    @Override
    public String name() {
        return "release-frees-every-node";
    }

    @Override
    public String description() {
        return "after release, no node still holds the lease's value";
    }

    @Override
    public InvariantResult check(History history) {
        List<Op> releases = history.ops(op -> op.is(RedlockOp.RELEASE) && op.ok());
        if (releases.isEmpty()) {
            return notExercised("no release completed");
        }
        List<Evidence> evidence = new ArrayList<>();
        for (Op op : releases) {
            List<String> still = RedlockFacts.holding(RedlockFacts.nodes(op, "nodesAfter"), op.stringArg("value"))
                    .stream().filter(node -> !unansweredWhenReturned(history, op, node)).toList();
            if (!still.isEmpty()) {
                evidence.add(Evidence.of(op.scenario() + ": after " + op.worker() + " released (value "
                        + RedlockFacts.shortValue(op.stringArg("value")) + "), nodes " + still + " still held it",
                        op.id()));
            }
        }
        return failIfAny(Evidence.capped(evidence, 5));
    }

    private static boolean unansweredWhenReturned(History history, Op release, String node) {
        return RedlockFacts.traffic(history, release.scenario()).stream().anyMatch(c -> c.worker().equals(release.worker())
                && c.node().equals(node) && c.sentNanos() >= release.invokeNanos() && c.sentNanos() <= release.completeNanos()
                && (c.replyNanos() < 0 || c.replyNanos() > release.completeNanos()));
    }
}
