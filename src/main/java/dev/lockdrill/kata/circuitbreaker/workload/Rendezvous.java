package dev.lockdrill.kata.circuitbreaker.workload;

import java.util.concurrent.TimeUnit;

/**
 * A one-shot gate: callers wait until {@code parties} of them have arrived, or until nobody new has
 * arrived for the quiet period (an implementation that reads the time under a lock lets only one
 * thread in at a time; it must not be held up for long). Once open, it stays open.
 */
final class Rendezvous {
    private final int parties;
    private final long quietNanos;
    private int arrived;
    private long lastArrival;
    private boolean open;

    Rendezvous(int parties, long quietMillis) {
        this.parties = parties;
        this.quietNanos = TimeUnit.MILLISECONDS.toNanos(quietMillis);
    }

    synchronized void arrive() {
        if (open) {
            return;
        }
        arrived++;
        lastArrival = System.nanoTime();
        if (arrived >= parties) {
            open = true;
            notifyAll();
            return;
        }
        long left;
        while (!open && (left = lastArrival + quietNanos - System.nanoTime()) > 0) {
            try {
                TimeUnit.NANOSECONDS.timedWait(this, left);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        open = true;
        notifyAll();
    }
}
