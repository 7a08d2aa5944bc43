package katas.bulkhead;

import dev.lockdrill.katas.api.bulkhead.BulkheadConfig;
import dev.lockdrill.katas.api.bulkhead.BulkheadFullException;
import dev.lockdrill.katas.api.bulkhead.Bulkheads;
import io.github.resilience4j.bulkhead.Bulkhead;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Resilience4j's SemaphoreBulkhead adapted to the kata: one per dependency (maxConcurrentCalls =
 * the limit, maxWaitDuration 0). tryAcquirePermission admits; the work runs on a pool of ours;
 * onComplete gives the permit back once the work has ended; a timeout or a cancellation
 * interrupts the work while it runs.
 */
public final class DependencyBulkheads implements Bulkheads {
    private final Map<String, Bulkhead> bulkheads = new HashMap<>();
    private final long timeoutNanos;
    private final ExecutorService workers = Executors.newCachedThreadPool(daemon("r4j-semaphore-worker"));
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(daemon("r4j-timer"));

    public DependencyBulkheads(BulkheadConfig config) {
        config.maxConcurrentCalls().forEach((dependency, limit) -> bulkheads.put(dependency, Bulkhead.of(dependency,
                io.github.resilience4j.bulkhead.BulkheadConfig.custom()
                        .maxConcurrentCalls(limit)
                        .maxWaitDuration(Duration.ZERO)
                        .build())));
        timeoutNanos = config.callTimeout().toNanos();
    }

    @Override
    public <T> CompletableFuture<T> call(String dependency, Callable<T> work) {
        Bulkhead bulkhead = bulkheads.get(dependency);
        if (!bulkhead.tryAcquirePermission()) {
            return CompletableFuture.failedFuture(new BulkheadFullException(dependency));
        }
        CompletableFuture<T> result = new CompletableFuture<>();
        Running<T> running = new Running<>(work, result, bulkhead::onComplete);
        workers.execute(running);
        ScheduledFuture<?> deadline = timer.schedule(
                () -> result.completeExceptionally(new TimeoutException(dependency + " took too long")),
                timeoutNanos, TimeUnit.NANOSECONDS);
        result.whenComplete((value, error) -> {
            deadline.cancel(false);
            if (error instanceof TimeoutException || error instanceof CancellationException) {
                running.interrupt();
            }
        });
        return result;
    }

    @Override
    public int availablePermits(String dependency) {
        return bulkheads.get(dependency).getMetrics().getAvailableConcurrentCalls();
    }

    @Override
    public void close() {
        timer.shutdownNow();
        workers.shutdownNow();
    }

    private static ThreadFactory daemon(String name) {
        return runnable -> {
            Thread thread = new Thread(runnable, name);
            thread.setDaemon(true);
            return thread;
        };
    }

    /** The work on its thread: started only if the caller still waits, interruptible only while it runs. */
    private static final class Running<T> implements Runnable {
        private final Callable<T> work;
        private final CompletableFuture<T> result;
        private final Runnable release;
        private Thread runner;

        Running(Callable<T> work, CompletableFuture<T> result, Runnable release) {
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
}
