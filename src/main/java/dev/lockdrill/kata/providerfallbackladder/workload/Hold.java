package dev.lockdrill.kata.providerfallbackladder.workload;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * What the expiry wave forces, with latches rather than hope: every provider call waits until all
 * the wave's jobs have been handed over (so they all start at the expiry tick), and the first call
 * to the probed provider is held until every other job of the wave has ended (so they all decide
 * while the probe is out). Both waits are bounded; whether they were met is what the scenario reports.
 */
final class Hold {
    static final long LIMIT_MILLIS = 5000;

    private final int jobs;
    private final CountDownLatch started;
    private final Set<Thread> running = ConcurrentHashMap.newKeySet();
    private final CountDownLatch othersDone;
    private final AtomicBoolean first = new AtomicBoolean();
    private volatile boolean allStarted = true;
    private volatile Boolean releasedByOthers;

    Hold(int jobs) {
        this.jobs = jobs;
        this.started = new CountDownLatch(jobs);
        this.othersDone = new CountDownLatch(jobs - 1);
    }

    void jobStarted() {
        running.add(Thread.currentThread());
        started.countDown();
    }

    void jobDone() {
        running.remove(Thread.currentThread());
        othersDone.countDown();
    }

    int jobs() {
        return jobs;
    }

    /** Whether every job of the wave has been handed to its worker's thread. */
    boolean allHandedOver() {
        return started.getCount() == 0;
    }

    /** The threads running a job of the wave now. */
    Set<Thread> running() {
        return Set.copyOf(running);
    }

    void awaitAllStarted() {
        if (!await(started)) {
            allStarted = false;
        }
    }

    /** Holds the first caller until the other jobs have ended (or the limit passed); later callers pass. */
    void holdIfFirst() {
        if (first.compareAndSet(false, true)) {
            releasedByOthers = await(othersDone);
        }
    }

    boolean allStarted() {
        return allStarted;
    }

    /** Null when no call was held; true when the others all ended while it was; false when the limit ran out. */
    Boolean releasedByOthers() {
        return releasedByOthers;
    }

    private static boolean await(CountDownLatch latch) {
        try {
            return latch.await(LIMIT_MILLIS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
