package katas.bulkhead;

import dev.lockdrill.katas.api.bulkhead.BulkheadConfig;
import dev.lockdrill.katas.api.bulkhead.BulkheadFullException;
import dev.lockdrill.katas.api.bulkhead.Bulkheads;
import io.github.resilience4j.bulkhead.ThreadPoolBulkhead;
import io.github.resilience4j.bulkhead.ThreadPoolBulkheadConfig;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Resilience4j's ThreadPoolBulkhead adapted to the kata, with interrupts: one per dependency,
 * exactly the limit's worth of threads and no queue (queueCapacity 0, so a full pool rejects at
 * once). submit() throws its BulkheadFullException synchronously; the kata wants a failed future,
 * so the adapter turns it into one. Resilience4j's promise cannot interrupt the work (cancelling a
 * CompletableFuture interrupts nothing), so the adapter keeps the thread that runs it and
 * interrupts it on a timeout or a cancellation — only while it is still running that work.
 */
public final class DependencyBulkheads implements Bulkheads {
    private final Map<String, ThreadPoolBulkhead> pools = new HashMap<>();
    private final long timeoutNanos;

    public DependencyBulkheads(BulkheadConfig config) {
        config.maxConcurrentCalls().forEach((dependency, limit) -> pools.put(dependency, ThreadPoolBulkhead.of(
                dependency, ThreadPoolBulkheadConfig.custom()
                        .coreThreadPoolSize(limit)
                        .maxThreadPoolSize(limit)
                        .queueCapacity(0)
                        .build())));
        timeoutNanos = config.callTimeout().toNanos();
    }

    @Override
    public <T> CompletableFuture<T> call(String dependency, Callable<T> work) {
        Interruptible<T> interruptible = new Interruptible<>(work);
        CompletableFuture<T> promise;
        try {
            promise = pools.get(dependency).submit(interruptible).toCompletableFuture();
        } catch (io.github.resilience4j.bulkhead.BulkheadFullException full) {
            return CompletableFuture.failedFuture(new BulkheadFullException(dependency));
        }
        promise.orTimeout(timeoutNanos, TimeUnit.NANOSECONDS).whenComplete((value, error) -> {
            if (error instanceof TimeoutException || error instanceof CancellationException) {
                interruptible.interrupt();
            }
        });
        return promise;
    }

    @Override
    public int availablePermits(String dependency) {
        return pools.get(dependency).getMetrics().getAvailableThreadCount();
    }

    @Override
    public void close() {
        pools.values().forEach(pool -> {
            try {
                pool.close();
            } catch (Exception e) {
                Thread.currentThread().interrupt();
            }
        });
    }

    /** The work, which remembers its thread while it runs so that it can be interrupted then and only then. */
    private static final class Interruptible<T> implements Callable<T> {
        private final Callable<T> work;
        private boolean abandoned;
        private Thread runner;

        Interruptible(Callable<T> work) {
            this.work = work;
        }

        @Override
        public T call() throws Exception {
            synchronized (this) {
                if (abandoned) {
                    throw new CancellationException("the caller gave up before the work started");
                }
                runner = Thread.currentThread();
            }
            try {
                return work.call();
            } finally {
                synchronized (this) {
                    runner = null;
                    Thread.interrupted();
                }
            }
        }

        synchronized void interrupt() {
            abandoned = true;
            if (runner != null) {
                runner.interrupt();
            }
        }
    }
}
