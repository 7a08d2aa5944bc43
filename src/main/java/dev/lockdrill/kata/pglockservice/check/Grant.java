package dev.lockdrill.kata.pglockservice.check;

import dev.lockdrill.history.Op;
import dev.lockdrill.history.Outcome;

import java.util.List;

/**
 * One successful tryAcquire and what happened to its lease afterwards (renews, releases), with
 * the database-clock bracket of each call. Times are microseconds of the database's clock.
 */
record Grant(Op acquire, List<Op> followUps) {
    static final long UNBOUNDED = Long.MAX_VALUE;

    String name() {
        return acquire.stringArg("name");
    }

    long token() {
        return acquire.longResult("token");
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
     * Until when the lease was certainly live: TTL after the acquire began, extended by each
     * successful renew that completed while the lease was still certainly live, unless a release
     * or a refused renew may have ended it first.
     */
    long certainEnd() {
        long end = dbBefore() + acquire.longArg("ttlMs") * 1000;
        for (Op op : followUps) {
            if (op.is("renew") && op.ok() && op.boolResult("renewed") && LockFacts.dbAfter(op) <= end) {
                end = Math.max(end, LockFacts.dbBefore(op) + op.longArg("ttlMs") * 1000);
            }
        }
        for (Op op : followUps) {
            boolean mayHaveEnded = op.is("release") && (op.outcome() == Outcome.INFO || op.boolResult("released"))
                    || op.is("renew") && op.ok() && !op.boolResult("renewed");
            if (mayHaveEnded) {
                end = Math.min(end, LockFacts.dbBefore(op));
            }
        }
        return end;
    }

    /**
     * Until when the lease may have been live, as far as the calls begun by {@code at} tell
     * (UNBOUNDED when such a renew's effect is unknown). A later renew cannot revive it earlier.
     */
    long possibleEndAsOf(long at) {
        long end = dbAfter() + acquire.longArg("ttlMs") * 1000;
        for (Op op : followUps) {
            if (!op.is("renew") || LockFacts.dbBefore(op) > at) {
                continue;
            }
            if (op.outcome() == Outcome.INFO) {
                return UNBOUNDED;
            }
            if (op.ok() && op.boolResult("renewed")) {
                end = Math.max(end, LockFacts.dbAfter(op) + op.longArg("ttlMs") * 1000);
            }
        }
        for (Op op : followUps) {
            if (op.is("release") && op.ok() && op.boolResult("released") && LockFacts.dbAfter(op) <= at) {
                end = Math.min(end, LockFacts.dbAfter(op));
            }
        }
        return end;
    }
}
