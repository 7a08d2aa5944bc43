package dev.lockdrill.kata.breakerplacement.workload;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * One worker's sleep held in real time: it says it is asleep, then stays asleep until the other
 * workers' emits have all finished or the timeout passes, and remembers how many of them were
 * still unfinished when it woke (-1 while it has not slept).
 */
final class SleepHold {
    private final String worker;
    private final CountDownLatch asleep = new CountDownLatch(1);
    private final CountDownLatch othersDone;
    private final long timeoutMillis;
    private volatile long unfinished = -1;

    SleepHold(String worker, int others, long timeoutMillis) {
        this.worker = worker;
        this.othersDone = new CountDownLatch(others);
        this.timeoutMillis = timeoutMillis;
    }

    String worker() {
        return worker;
    }

    void hold() throws InterruptedException {
        asleep.countDown();
        othersDone.await(timeoutMillis, TimeUnit.MILLISECONDS);
        unfinished = othersDone.getCount();
    }

    /** The other workers wait for this before they emit (false: the worker never slept in time). */
    boolean awaitAsleep(long millis) throws InterruptedException {
        return asleep.await(millis, TimeUnit.MILLISECONDS);
    }

    void otherDone() {
        othersDone.countDown();
    }

    long unfinishedWhenWoken() {
        return unfinished;
    }
}
