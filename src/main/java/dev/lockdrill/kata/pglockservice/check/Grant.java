package dev.lockdrill.kata.pglockservice.check;

import dev.lockdrill.kata.pglockservice.protocol.LockOps;
import dev.lockdrill.kata.pglockservice.protocol.DbTime;
import dev.lockdrill.kata.pglockservice.protocol.AcquireCall;
import dev.lockdrill.kata.pglockservice.protocol.LeaseCall;
import dev.lockdrill.kata.pglockservice.protocol.Granted;
import dev.lockdrill.history.Op;
import dev.lockdrill.history.Outcome;

import java.util.List;

/**
 * One successful tryAcquire and what happened to its lease afterwards (renews, releases), with
 * the database-clock bracket of each call. Times are microseconds of the database's clock.
 */
record Grant(Op acquire, List<Op> followUps) {
    static final long UNBOUNDED = DbTime.UNBOUNDED;

    String name() {
        return AcquireCall.of(acquire).name();
    }

    long token() {
        return Granted.of(acquire).orElseThrow().token();
    }

    String worker() {
        return acquire.worker();
    }

    long dbBefore() {
        return LockFacts.dbBefore(acquire);
    }

    long dbAfter() {
        return LockFacts.dbAfter(acquire);
    }

    /**
     * Until when the lease was certainly live: TTL after the acquire began, then the TTL of each
     * successful renew that completed while the lease was still certainly live, after that renew
     * began (a renew asking less than what was left shortens the lease: it sets the expiry, it does
     * not add to it), unless a release or a refused renew may have ended it first, or a renew whose
     * outcome is unknown (its reply lost) may have shortened it.
     */
    long certainEnd() {
        return certainEndBefore(Long.MAX_VALUE);
    }

    /** {@link #certainEnd()} as far as the follow-up calls recorded before op id {@code beforeId} tell. */
    long certainEndBefore(long beforeId) {
        List<Op> earlier = followUps.stream().filter(op -> op.id() < beforeId).toList();
        long end = dbBefore() + AcquireCall.of(acquire).ttlMs() * 1000;
        for (Op op : earlier) {
            if (op.is(LockOps.RENEW) && op.ok() && op.accepted().orElse(false) && LockFacts.dbAfter(op) <= end) {
                end = LockFacts.dbBefore(op) + LeaseCall.of(op).ttlMs() * 1000;
            }
        }
        for (Op op : earlier) {
            boolean mayHaveEnded = op.is(LockOps.RELEASE) && (op.outcome() == Outcome.INFO || op.accepted().orElse(false))
                    || op.is(LockOps.RENEW) && op.ok() && !op.accepted().orElse(false);
            if (mayHaveEnded) {
                end = Math.min(end, LockFacts.dbBefore(op));
            }
            if (op.is(LockOps.RENEW) && !op.ok()) {
                // a renew whose reply was lost may have set a shorter expiry, as early as it began
                end = Math.min(end, LockFacts.dbBefore(op) + LeaseCall.of(op).ttlMs() * 1000);
            }
        }
        return end;
    }

    /**
     * Until when the lease may have been live, as far as the calls begun by {@code at} tell
     * (UNBOUNDED when such a renew's effect is unknown). A later renew cannot revive it earlier.
     * A renew sets the expiry (a shorter TTL shortens the lease), so the grant or a renew stops
     * counting once a renew that began after it had answered has itself answered by {@code at};
     * of those still counting, any may have been the last to take effect.
     */
    long possibleEndAsOf(long at) {
        List<Op> renews = followUps.stream().filter(op -> op.is(LockOps.RENEW) && LockFacts.dbBefore(op) <= at)
                .toList();
        if (renews.stream().anyMatch(op -> op.outcome() == Outcome.INFO)) {
            return UNBOUNDED;
        }
        List<Op> setters = renews.stream().filter(op -> op.ok() && op.accepted().orElse(false)).toList();
        long end = supersededBy(setters, dbAfter(), at) ? Long.MIN_VALUE
                : dbAfter() + AcquireCall.of(acquire).ttlMs() * 1000;
        for (Op op : setters) {
            if (!supersededBy(setters, LockFacts.dbAfter(op), at)) {
                end = Math.max(end, LockFacts.dbAfter(op) + LeaseCall.of(op).ttlMs() * 1000);
            }
        }
        for (Op op : followUps) {
            if (op.is(LockOps.RELEASE) && op.ok() && op.accepted().orElse(false) && LockFacts.dbAfter(op) <= at) {
                end = Math.min(end, LockFacts.dbAfter(op));
            }
        }
        return end;
    }

    /** Whether one of these renews began after {@code answeredAt} and answered by {@code at}: it set the expiry later. */
    private static boolean supersededBy(List<Op> renews, long answeredAt, long at) {
        return renews.stream().anyMatch(op -> LockFacts.dbBefore(op) > answeredAt && LockFacts.dbAfter(op) <= at);
    }
}
