package katas.bulkhead;

import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;

/**
 * One admitted call: runs the work unless the caller already gave up, completes the caller's
 * future, and gives its slot back when the work is over. {@link #interrupt()} reaches the thread
 * only while it is running this work.
 */
final class GuardedCall<T> implements Runnable {
    private final Callable<T> work;
    private final CompletableFuture<T> result;
    private final Runnable release;
    private Thread runner;

    GuardedCall(Callable<T> work, CompletableFuture<T> result, Runnable release) {
        this.work = work;
        this.result = result;
        this.release = release;
    }

    @Override
    public void run() {
        synchronized (this) {
            if (result.isDone()) {
                release.run();
                return;
            }
            runner = Thread.currentThread();
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
            release.run();
        }
    }

    synchronized void interrupt() {
        if (runner != null) {
            runner.interrupt();
        }
    }
}
