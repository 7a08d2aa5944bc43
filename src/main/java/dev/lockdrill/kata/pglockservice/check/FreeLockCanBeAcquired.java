package dev.lockdrill.kata.pglockservice.check;

import dev.lockdrill.kata.pglockservice.protocol.LockOps;
import dev.lockdrill.kata.pglockservice.protocol.LeaseCall;
import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Op;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A lease that expired (in database time) or was released frees the lock: a tryAcquire made
 * when no lease can possibly still be live must succeed. A lock that dies with its holder's
 * session but never expires while the holder is merely paused fails here.
 */
public final class FreeLockCanBeAcquired implements Invariant {
    static final long MARGIN_MICROS = 100_000;

    @Override
    public String name() {
        return "expired-lease-reacquirable";
    }

    @Override
    public String description() {
        return "once every lease on a lock has expired or been released, tryAcquire gets it";
    }

    @Override
    public InvariantResult check(History history) {
        LockFacts facts = new LockFacts(history);
        List<Evidence> evidence = new ArrayList<>();
        List<Op> refused = history.ops(op -> op.is(LockOps.ACQUIRE) && op.ok() && !op.accepted().orElse(false));
        for (Op attempt : refused) {
            String name = LeaseCall.nameOf(attempt);
            if (facts.unknownAcquire(name)) {
                continue;
            }
            long at = LockFacts.dbBefore(attempt);
            List<Grant> earlier = facts.grants(name).stream().filter(g -> g.dbBefore() <= LockFacts.dbAfter(attempt))
                    .toList();
            boolean free = earlier.stream().allMatch(g -> g.possibleEndAsOf(at) != Grant.UNBOUNDED
                    && g.possibleEndAsOf(at) + MARGIN_MICROS < at);
            if (!free) {
                continue;
            }
            Optional<Grant> last = earlier.stream()
                    .max((a, b) -> Long.compare(a.possibleEndAsOf(at), b.possibleEndAsOf(at)));
            evidence.add(Evidence.of(last.map(g -> facts.describe(g) + "; that lease ended by "
                    + facts.at(attempt.scenario(), g.possibleEndAsOf(at)) + "; ").orElse("nobody had ever held " + name
                    + "; ") + facts.describeCall(attempt) + " — the lock was free", attempt.id()));
        }
        return failIfAny(Evidence.capped(evidence, 5));
    }
}
