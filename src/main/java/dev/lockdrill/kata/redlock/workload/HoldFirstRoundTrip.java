package dev.lockdrill.kata.redlock.workload;

import dev.lockdrill.harness.Pause;
import dev.lockdrill.harness.RoundTripHook;
import dev.lockdrill.harness.Sql;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Holds a client's first database round trip until the scenario lets it go (or a cap passes), on
 * one side of it: before the request reaches the server (nothing done yet), or, for the first round
 * trip that ends a transaction (a COMMIT, or a statement in autocommit), after the server committed
 * and answered but before the client's code sees the answer. Installed around one acquire,
 * it stops the client between its majority and whatever it asks the database next.
 */
final class HoldFirstRoundTrip implements RoundTripHook {
    /** Where the hold lands. */
    enum Side {
        BEFORE_THE_SERVER("at its first database round trip, before the request reached the database"),
        REPLY_HELD("at its first database round trip that committed, after the database answered and before its "
                + "code saw the answer");

        final String text;

        Side(String text) {
            this.text = text;
        }
    }

    private final Side side;
    private final long capMillis;
    private final AtomicBoolean taken = new AtomicBoolean();
    private final CountDownLatch held = new CountDownLatch(1);
    private final CountDownLatch release = new CountDownLatch(1);
    private final Runnable onHold;
    private final Runnable onGo;
    private volatile String sql;

    HoldFirstRoundTrip(Side side, long capMillis) {
        this(side, capMillis, () -> { }, () -> { });
    }

    /** {@code onHold} runs on the client's thread as it is held, {@code onGo} before it goes on. */
    HoldFirstRoundTrip(Side side, long capMillis, Runnable onHold, Runnable onGo) {
        this.side = side;
        this.capMillis = capMillis;
        this.onHold = onHold;
        this.onGo = onGo;
    }

    @Override
    public void beforeRoundTrip(String worker, String kind, String sql) {
        if (side == Side.BEFORE_THE_SERVER) {
            hold(kind, sql);
        }
    }

    /** The reply held is that of the first round trip that ended a transaction (its effect is done and seen). */
    @Override
    public void afterRoundTrip(String worker, String kind, String sql, boolean committed) {
        if (side == Side.REPLY_HELD && committed) {
            hold(kind, sql);
        }
    }

    private void hold(String kind, String sql) {
        if (taken.compareAndSet(false, true)) {
            this.sql = sql == null ? kind : sql;
            held.countDown();
            onHold.run();
            try {
                Pause.until(release, capMillis);
            } finally {
                onGo.run();
            }
        }
    }

    /** Waits until the client is held, or until {@code done} says its call ended without a round trip. */
    boolean awaitHeld(java.util.function.BooleanSupplier done, long maxMillis) {
        long deadline = System.nanoTime() + maxMillis * 1_000_000;
        while (System.nanoTime() < deadline) {
            if (Pause.until(held, 5)) {
                return true;
            }
            if (done.getAsBoolean()) {
                return held.getCount() == 0;
            }
        }
        return held.getCount() == 0;
    }

    Side side() {
        return side;
    }

    boolean held() {
        return held.getCount() == 0;
    }

    /** The statement that was held (its first line), for the fault's description. */
    String heldStatement() {
        return sql == null ? "" : Sql.firstLine(sql);
    }

    void release() {
        release.countDown();
    }
}
