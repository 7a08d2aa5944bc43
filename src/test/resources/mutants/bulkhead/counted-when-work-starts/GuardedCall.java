package katas.bulkhead;

import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One admitted call: runs the work unless the caller already gave up, completes the caller's
 * future, and counts itself as running while the work is inside. {@link #interrupt()} reaches the thread
 * only while it is running this work.
 */
final class GuardedCall<T> implements Runnable {
    private final Callable<T> work;
    private final CompletableFuture<T> result;
    private final AtomicInteger running;
    private Thread runner;

    GuardedCall(Callable<T> work, CompletableFuture<T> result, AtomicInteger running) {
        this.work = work;
        this.result = result;
        this.running = running;
    }

    @Override
    public void run() {
        synchronized (this) {
            if (result.isDone()) {
                return;
            }
            runner = Thread.currentThread();
            running.incrementAndGet();
        }
        try {
            result.complete(work.call());
        } catch (Throwable e) {
            result.completeExceptionally(e);
        } finally {
            synchronized (this) {
                runner = null;
                Thread.interrupted();
            }
            running.decrementAndGet();
        }
    }

    synchronized void interrupt() {
        if (runner != null) {
            runner.interrupt();
        }
    }
}
