package dev.lockdrill.kata.redlock.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Observation;
import dev.lockdrill.history.Op;
import dev.lockdrill.kata.redlock.protocol.RedlockOp;
import dev.lockdrill.kata.redlock.protocol.Roles;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The resource is safe although the lock is not: the newest holder's writes are accepted (unless a
 * newer lease was granted while the write was in flight), a holder whose lock was superseded (paused
 * past validity, or sharing the lock after a restart or a clock jump) is refused once the newer
 * holder has written, and a resource whose last accepted write was the newest holder's ends with it.
 * Writes of neither role (a newer lease exists but has not written yet) are not judged.
 */
final class StaleHolderFenced implements Invariant {
    @Override
    public String name() {
        return "stale-holder-fenced-at-resource";
    }

    @Override
    public String description() {
        return "the resource accepts the newest holder's write and refuses a superseded holder's, under every fault";
    }

    @Override
    public InvariantResult check(History history) {
        List<Op> writes = history.ops(op -> op.is(RedlockOp.WRITE) && op.ok());
        if (writes.isEmpty()) {
            return notExercised("no holder wrote to the resource");
        }
        List<Evidence> evidence = new ArrayList<>();
        for (Op write : writes) {
            boolean accepted = write.accepted().orElse(false);
            String role = write.stringArg("role");
            if (Roles.CURRENT.equals(role) && !accepted && !supersededWhileWriting(history, write)) {
                evidence.add(Evidence.of(write.scenario() + ": the resource refused " + write.worker()
                        + "'s write although its lease (token " + write.longArg("token") + ") was the newest", write.id()));
            } else if (Roles.STALE.equals(role) && accepted) {
                evidence.add(Evidence.of(write.scenario() + ": the resource accepted " + write.worker()
                        + "'s write with a superseded lease (token " + write.longArg("token") + ", value "
                        + RedlockFacts.shortValue(write.stringArg("leaseValue")) + ") after the newer holder had "
                        + "written: two holders wrote", write.id()));
            }
        }
        for (Observation resource : history.observations(Roles.RESOURCE)) {
            for (Map<String, Object> row : resource.rows()) {
                String key = String.valueOf(row.get("key"));
                Op last = lastAccepted(writes, key);
                if (last != null && !last.stringArg("value").equals(String.valueOf(row.get("value")))) {
                    evidence.add(Evidence.of(resource.scenario() + ": the resource ended with '" + row.get("value")
                            + "' instead of the newest holder's '" + last.stringArg("value") + "'", last.id()));
                }
            }
        }
        return failIfAny(Evidence.capped(evidence, 5));
    }

    /**
     * The last accepted write on the key that the fence should have let through (a stale holder's
     * is evidence of its own), when it was the newest holder's; null when it was of neither role.
     */
    private static Op lastAccepted(List<Op> writes, String key) {
        Op last = null;
        for (Op write : writes) {
            if (key.equals(write.stringArg("key")) && write.accepted().orElse(false)
                    && !Roles.STALE.equals(write.stringArg("role"))
                    && (last == null || write.invokeNanos() > last.invokeNanos())) {
                last = write;
            }
        }
        return last != null && Roles.CURRENT.equals(last.stringArg("role")) ? last : null;
    }

    /**
     * Another lease on the key was granted before the write completed: its holder may have written
     * first, so the fence may refuse this one although its lease was the newest when it began.
     */
    private static boolean supersededWhileWriting(History history, Op write) {
        return RedlockFacts.grants(history).stream().anyMatch(g -> g.resource().equals(write.stringArg("key"))
                && !g.value().equals(write.stringArg("leaseValue")) && g.op().completeNanos() > 0
                && g.op().completeNanos() <= write.completeNanos() && g.op().completeNanos() >= write.invokeNanos());
    }
}
