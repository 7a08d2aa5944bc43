package katas.bulkhead;

import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;

/**
 * One admitted call: runs the work unless the caller already gave up, completes the caller's
 * future, and returns the permit when the work is over. {@link #interrupt()} reaches the thread
 * only while it is running this work, never the next task the pool gives it.
 */
final class GuardedCall<T> implements Runnable {
    private final Callable<T> work;
    private final CompletableFuture<T> result;
    private final Permits permit;
    private Thread runner;

    GuardedCall(Callable<T> work, CompletableFuture<T> result, Permits permit) {
        this.work = work;
        this.result = result;
        this.permit = permit;
    }

    @Override
    public void run() {
        synchronized (this) {
            if (result.isDone()) {
                permit.release();
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
            permit.release();
        }
    }

    synchronized void interrupt() {
        if (runner != null) {
            runner.interrupt();
        }
    }
}
