package dev.lockdrill.kata.redlock.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Observation;
import dev.lockdrill.kata.redlock.protocol.Roles;
import dev.lockdrill.history.Op;
import dev.lockdrill.kata.redlock.protocol.RedlockOp;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Releasing a lease deletes only its own value: another holder's value on a node survives it. A
 * value whose TTL may have run out by the time the release returned (counted from when the acquire
 * that set it began) is not judged: its key may simply have expired.
 */
final class ReleaseKeepsOtherValues implements Invariant {
    @Override
    public String name() {
        return "release-never-deletes-another-holders-value";
    }

    @Override
    public String description() {
        return "release removes a node's value only when it is the released lease's own";
    }

    @Override
    public InvariantResult check(History history) {
        List<Evidence> evidence = new ArrayList<>();
        int judged = 0;
        for (Op op : history.ops(RedlockOp.RELEASE)) {
            if (!op.ok()) {
                continue;
            }
            Map<String, String> before = RedlockFacts.nodes(op, "nodesBefore");
            Map<String, String> after = RedlockFacts.nodes(op, "nodesAfter");
            String mine = op.stringArg("value");
            for (Map.Entry<String, String> node : before.entrySet()) {
                String value = node.getValue();
                if (value.isEmpty() || value.equals(mine) || mayHaveExpired(history, op, value)) {
                    continue;
                }
                judged++;
                if (!value.equals(after.get(node.getKey()))) {
                    evidence.add(Evidence.of(op.scenario() + ": " + op.worker() + " released its lease (value "
                            + RedlockFacts.shortValue(mine) + ") and deleted another holder's value "
                            + RedlockFacts.shortValue(value) + " on node " + node.getKey(), op.id()));
                }
            }
        }
        for (Observation planted : history.observations(Roles.PLANTED)) {
            for (Map<String, Object> row : planted.rows()) {
                long at = ((Number) row.get("atNanos")).longValue();
                String node = String.valueOf(row.get("node"));
                String value = String.valueOf(row.get("value"));
                for (Op op : history.ops(RedlockOp.RELEASE)) {
                    if (!op.ok() || !op.scenario().equals(planted.scenario()) || at < op.invokeNanos()
                            || at > op.completeNanos() || !String.valueOf(row.get("key")).equals(op.stringArg("resource"))) {
                        continue;
                    }
                    judged++;
                    if (!value.equals(RedlockFacts.nodes(op, "nodesAfter").get(node))) {
                        evidence.add(Evidence.of(op.scenario() + ": " + op.worker() + " released its lease (value "
                                + RedlockFacts.shortValue(op.stringArg("value")) + ") and deleted another holder's value "
                                + RedlockFacts.shortValue(value) + ", set on node " + node + " between two of the "
                                + "release's own commands: read-then-delete is not atomic", op.id()));
                    }
                }
            }
        }
        if (judged == 0) {
            return notExercised("no release ran while another holder's value was on a node");
        }
        return failIfAny(Evidence.capped(evidence, 5));
    }

    /** Whether the acquire that set this value began at least its TTL before the release returned. */
    private static boolean mayHaveExpired(History history, Op release, String value) {
        List<RedlockFacts.Command> traffic = RedlockFacts.traffic(history, release.scenario());
        return history.ops(op -> op.is(RedlockOp.ACQUIRE) && op.scenario().equals(release.scenario())).stream()
                .filter(acquire -> traffic.stream().anyMatch(c -> c.worker().equals(acquire.worker())
                        && c.words().contains(value) && c.sentNanos() >= acquire.invokeNanos()
                        && c.sentNanos() <= acquire.completeNanos()))
                .anyMatch(acquire -> acquire.invokeNanos() + acquire.longArg("ttlMs") * 1_000_000
                        <= release.completeNanos());
    }
}
