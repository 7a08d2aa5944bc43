package dev.lockdrill.kata.providerfallbackladder.workload;

import java.util.concurrent.TimeUnit;

/**
 * A cyclic gate for ticker reads: each read waits until {@code parties} reads have arrived in its
 * round, or until nobody new has arrived for the quiet period (an implementation that reads the
 * time under a lock lets one thread in at a time, and must not be held up for long). It counts the
 * rounds every party met in, which is what the scenario reports it provoked.
 */
final class ReadGate {
    private final int parties;
    private final long quietNanos;
    private int round;
    private int arrived;
    private long lastArrival;
    private int fullRounds;

    ReadGate(int parties, long quietMillis) {
        this.parties = parties;
        this.quietNanos = TimeUnit.MILLISECONDS.toNanos(quietMillis);
    }

    synchronized void arrive() {
        int mine = round;
        arrived++;
        lastArrival = System.nanoTime();
        if (arrived >= parties) {
            fullRounds++;
            release();
            return;
        }
        while (round == mine) {
            long left = lastArrival + quietNanos - System.nanoTime();
            if (left <= 0) {
                release();
                return;
            }
            try {
                TimeUnit.NANOSECONDS.timedWait(this, left);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    synchronized int fullRounds() {
        return fullRounds;
    }

    private void release() {
        round++;
        arrived = 0;
        notifyAll();
    }
}
