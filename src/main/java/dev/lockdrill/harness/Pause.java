package dev.lockdrill.harness;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/** Ways a worker is held still, as a GC pause or a stalled network would hold it (a scenario's {@link WaitLedger} counts them). */
public final class Pause {
    private Pause() {
    }

    public static void millis(long millis) {
        nanos(TimeUnit.MILLISECONDS.toNanos(millis));
    }

    public static void nanos(long nanos) {
        long start = System.nanoTime();
        long deadline = start + nanos;
        long left;
        try {
            while ((left = deadline - System.nanoTime()) > 0) {
                LockSupport.parkNanos(left);
                if (Thread.interrupted()) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        } finally {
            WaitLedger.record(start, System.nanoTime());
        }
    }

    /** Waits for the latch, at most the given time; returns whether it opened. */
    public static boolean until(CountDownLatch latch, long maxMillis) {
        try {
            return latch.await(maxMillis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
