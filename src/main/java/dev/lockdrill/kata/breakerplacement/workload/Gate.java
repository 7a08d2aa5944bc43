package dev.lockdrill.kata.breakerplacement.workload;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * Holds a thread that enters it until a second thread is inside too — or until every other
 * registered thread is parked (blocked on a lock, waiting, or done), so nobody else can come, or
 * the timeout. A correct emitter makes the others wait behind its lock and is let through at once;
 * one that lets two threads in for one key is caught at every run. The timeout is generous (a
 * runnable thread the machine has not run yet is waited for) and counted: a run where it fired did
 * not force the race, and its scenario says so instead of passing.
 */
final class Gate {
    private final int expected;
    private final long timeoutNanos;
    private final List<Thread> threads = new CopyOnWriteArrayList<>();
    private volatile int entered;
    private volatile int timedOut;

    Gate(int expected, long timeoutMillis) {
        this.expected = expected;
        this.timeoutNanos = TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
    }

    void register(Thread thread) {
        threads.add(thread);
    }

    void enterAndWait() throws InterruptedException {
        synchronized (this) {
            entered++;
        }
        long deadline = System.nanoTime() + timeoutNanos;
        while (entered < 2 && !othersParked()) {
            if (System.nanoTime() >= deadline) {
                synchronized (this) {
                    timedOut++;
                }
                return;
            }
            Thread.sleep(1);
        }
    }

    /** How many callers were let go by the timeout, with another thread still runnable that had not come in. */
    int timedOut() {
        return timedOut;
    }

    /** How many callers entered the factory through the gate. */
    int entered() {
        return entered;
    }

    private boolean othersParked() {
        if (threads.size() < expected) {
            return false;
        }
        Thread self = Thread.currentThread();
        return threads.stream().filter(t -> t != self).allMatch(t -> t.getState() != Thread.State.RUNNABLE
                && t.getState() != Thread.State.NEW);
    }
}
