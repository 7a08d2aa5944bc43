package dev.lockdrill.harness;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A fault: lets a worker's first {@code n} round trips to the database through, then holds it
 * before the next one until released (or a cap passes), so that another worker can act in the gap
 * a check-then-act implementation leaves open.
 */
public final class StallAfterRoundTrip implements RoundTripHook {
    private final int letThrough;
    private final long capMillis;
    private final AtomicInteger roundTrips = new AtomicInteger();
    private final CountDownLatch stalled = new CountDownLatch(1);
    private final CountDownLatch release = new CountDownLatch(1);

    public StallAfterRoundTrip(int letThrough, long capMillis) {
        this.letThrough = letThrough;
        this.capMillis = capMillis;
    }

    @Override
    public void beforeRoundTrip(String worker, String kind, String sql) {
        if (roundTrips.incrementAndGet() == letThrough + 1) {
            stalled.countDown();
            Pause.until(release, capMillis);
        }
    }

    /** Waits up to {@code millis} for the worker to be held; true once it is. */
    public boolean awaitStalled(long millis) {
        return Pause.until(stalled, millis);
    }

    public boolean stalled() {
        return stalled.getCount() == 0;
    }

    public void release() {
        release.countDown();
    }

    /**
     * Waits until the other worker's call is done, or it waits on a lock (the stalled worker holds
     * it: a correct, locking implementation), at most {@code capMillis}.
     */
    public static void awaitDoneOrBlocked(Database database, Future<?> other, String otherWorker, long capMillis)
            throws SQLException {
        long deadline = System.nanoTime() + capMillis * 1_000_000;
        try (Connection observer = database.connect("observer")) {
            LockWaits waits = new LockWaits(database, observer);
            while (!other.isDone() && System.nanoTime() < deadline && !waits.waiting(otherWorker)) {
                Pause.millis(2);
            }
        }
    }
}
