package dev.lockdrill.kata.circuitbreaker.workload;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * A one-shot gate: callers wait until {@code parties} of them have arrived, or until nobody new has
 * arrived for the quiet period, or until every enlisted thread that has not arrived waits for a lock
 * an arrived one holds (an implementation that reads the time under a lock lets only one thread in
 * at a time; it must not be held up for long, and with the others queued on its lock nobody else
 * can come). Once open, it stays open.
 */
final class Rendezvous {
    /** How often a waiting caller looks whether the others are queued on a lock. */
    private static final long LOOK_NANOS = TimeUnit.MILLISECONDS.toNanos(1);
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private final int parties;
    private final long quietNanos;
    private final Set<Thread> enlisted = ConcurrentHashMap.newKeySet();
    private final Set<Long> arrivedIds = new HashSet<>();
    private int arrived;
    private long lastArrival;
    private boolean open;

    Rendezvous(int parties, long quietMillis) {
        this.parties = parties;
        this.quietNanos = TimeUnit.MILLISECONDS.toNanos(quietMillis);
    }

    /**
     * The calling thread is one of the racers: it counts for the look at who is queued on a lock.
     * Every racer enlists before any is let go, so none is missed by that look.
     */
    void enlist() {
        enlisted.add(Thread.currentThread());
    }

    synchronized void arrive() {
        if (open) {
            return;
        }
        arrived++;
        arrivedIds.add(Thread.currentThread().getId());
        lastArrival = System.nanoTime();
        if (arrived >= parties) {
            open = true;
            notifyAll();
            return;
        }
        long left;
        while (!open && (left = lastArrival + quietNanos - System.nanoTime()) > 0) {
            try {
                TimeUnit.NANOSECONDS.timedWait(this, Math.min(left, LOOK_NANOS));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            if (!open && othersQueuedOnArrivedLocks()) {
                break;
            }
        }
        open = true;
        notifyAll();
    }

    /**
     * Whether no enlisted thread can arrive: each one that has not is gone, or waits for a lock (a
     * monitor, a ReentrantLock) that an arrived thread holds, which it keeps while it waits here.
     * A thread that waits for this gate's own monitor is on its way in; one parked with no owner
     * (a latch it was just let out of, a sleep) may still come: either keeps the gate waiting.
     * Called holding this gate's monitor.
     */
    private boolean othersQueuedOnArrivedLocks() {
        if (enlisted.size() < parties) {
            return false; // a racer not enlisted yet could not be looked at
        }
        int self = System.identityHashCode(this);
        for (Thread thread : enlisted) {
            if (arrivedIds.contains(thread.getId()) || !thread.isAlive()) {
                continue;
            }
            Thread.State state = thread.getState();
            if (state != Thread.State.BLOCKED && state != Thread.State.WAITING) {
                return false;
            }
            ThreadInfo info = THREADS.getThreadInfo(thread.getId());
            if (info == null) {
                continue; // it has ended since
            }
            if (info.getLockInfo() != null && info.getLockInfo().getIdentityHashCode() == self
                    || !arrivedIds.contains(info.getLockOwnerId())) {
                return false;
            }
        }
        return true;
    }
}
