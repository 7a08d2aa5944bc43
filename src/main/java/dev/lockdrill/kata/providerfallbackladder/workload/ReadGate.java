package dev.lockdrill.kata.providerfallbackladder.workload;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * A cyclic gate for ticker reads during an expiry wave. A read waits until every thread that could
 * still read in this round has read: each job of the wave has been handed over, and every thread
 * that runs a job of the wave, or has read the ticker during it, has either arrived in this round or
 * is parked (blocked on a lock, waiting on a latch or a condition) and so cannot read before someone
 * at the gate goes on. An implementation that reads the time under its own lock lets one thread in
 * at a time: the others are blocked on that lock, and the round goes with the one.
 *
 * <p>Why thread states and not a quiet period: a wall-clock quiet period let a round go while a
 * runnable worker simply had not been given a core yet (load 17 on 2 cores), so a check-then-act
 * between reading the state and reading the time escaped. A runnable thread is never mistaken for a
 * parked one here, however long the machine keeps it waiting. The states of all those threads come
 * from one {@link ThreadMXBean#getThreadInfo(long[])} call, which the JVM takes at a safepoint, so
 * a thread woken by another in the middle of the look cannot be missed.
 *
 * <p>A round that does not settle within {@link Hold#LIMIT_MILLIS} (a thread that spins without
 * reading) is let go and counted: the scenario then says its wave did not land, never that it passed.
 */
final class ReadGate {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

    private final Hold hold;
    private final Set<Thread> readers = new HashSet<>();
    private final Set<Thread> arrived = new HashSet<>();
    private int round;
    private int fullRounds;
    private int timedOutRounds;

    ReadGate(Hold hold) {
        this.hold = hold;
    }

    synchronized void arrive() {
        Thread me = Thread.currentThread();
        readers.add(me);
        arrived.add(me);
        int mine = round;
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(Hold.LIMIT_MILLIS);
        while (round == mine) {
            Boolean full = settled();
            if (full != null) {
                if (full) {
                    fullRounds++;
                }
                release();
                return;
            }
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                timedOutRounds++;
                release();
                return;
            }
            try {
                TimeUnit.NANOSECONDS.timedWait(this, Math.min(left, POLL_NANOS));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** Rounds in which every job of the wave read the ticker together. */
    synchronized int fullRounds() {
        return fullRounds;
    }

    /** Rounds let go because a thread stayed runnable without reading for the whole limit. */
    synchronized int timedOutRounds() {
        return timedOutRounds;
    }

    /**
     * Null while a thread could still read in this round; otherwise whether every thread of the wave
     * is among those that read (true) or some were parked elsewhere (false).
     */
    private Boolean settled() {
        if (!hold.allHandedOver()) {
            return null;
        }
        List<Thread> others = new ArrayList<>();
        Set<Thread> candidates = new HashSet<>(hold.running());
        candidates.addAll(readers);
        for (Thread t : candidates) {
            if (!arrived.contains(t) && t.isAlive()) {
                others.add(t);
            }
        }
        if (others.isEmpty()) {
            Set<Thread> running = hold.running();
            return running.size() == hold.jobs() && arrived.containsAll(running);
        }
        long[] ids = others.stream().mapToLong(Thread::getId).toArray();
        int gate = System.identityHashCode(this);
        for (ThreadInfo info : THREADS.getThreadInfo(ids)) {
            if (info == null) {
                continue; // ended between the two looks
            }
            switch (info.getThreadState()) {
                case RUNNABLE, NEW:
                    return null;
                case BLOCKED:
                    if (info.getLockInfo() != null && info.getLockInfo().getIdentityHashCode() == gate) {
                        return null; // on its way in
                    }
                    break;
                default:
                    break;
            }
        }
        return false;
    }

    private void release() {
        round++;
        arrived.clear();
        notifyAll();
    }
}
