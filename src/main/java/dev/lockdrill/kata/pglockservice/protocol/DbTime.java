package dev.lockdrill.kata.pglockservice.protocol;

import dev.lockdrill.history.Op;

/**
 * Every lock call is bracketed by readings of the database's clock (microseconds since the epoch):
 * {@code dbBefore} is an argument, {@code dbAfter} a result field (absent when the call failed).
 */
public final class DbTime {
    public static final String BEFORE = "dbBefore";
    public static final String AFTER = "dbAfter";
    /** What {@link #after} answers for a call that never completed. */
    public static final long UNBOUNDED = Long.MAX_VALUE;

    private DbTime() {
    }

    public static boolean bracketed(Op op) {
        return op.args().containsKey(BEFORE);
    }

    public static long before(Op op) {
        return op.longArg(BEFORE);
    }

    public static long after(Op op) {
        Long after = op.longResult(AFTER);
        return after == null ? UNBOUNDED : after;
    }
}
