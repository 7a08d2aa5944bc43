package katas.bulkhead;

import dev.lockdrill.katas.api.bulkhead.BulkheadConfig;
import dev.lockdrill.katas.api.bulkhead.BulkheadFullException;
import dev.lockdrill.katas.api.bulkhead.Bulkheads;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A thread-pool bulkhead: per dependency a pool of exactly maxConcurrentCalls threads with no
 * queue (SynchronousQueue + AbortPolicy), so a full pool rejects; Future.cancel(true) interrupts.
 */
public final class DependencyBulkheads implements Bulkheads {
    private final Map<String, ThreadPoolExecutor> pools = new HashMap<>();
    private final long timeoutMillis;

    public DependencyBulkheads(BulkheadConfig config) {
        config.maxConcurrentCalls().forEach((dependency, limit) -> pools.put(dependency,
                new ThreadPoolExecutor(limit, limit, 1, TimeUnit.MINUTES, new SynchronousQueue<>(), runnable -> {
                    Thread thread = new Thread(runnable, dependency + "-bulkhead");
                    thread.setDaemon(true);
                    return thread;
                })));
        timeoutMillis = config.callTimeout().toMillis();
    }

    @Override
    public <T> CompletableFuture<T> call(String dependency, Callable<T> work) {
        CompletableFuture<T> result = new CompletableFuture<>();
        Future<?> task;
        try {
            task = pools.get(dependency).submit(() -> {
                try {
                    result.complete(work.call());
                } catch (Exception e) {
                    result.completeExceptionally(e);
                }
            });
        } catch (RejectedExecutionException e) {
            return CompletableFuture.failedFuture(new BulkheadFullException(dependency));
        }
        result.orTimeout(timeoutMillis, TimeUnit.MILLISECONDS).whenComplete((value, error) -> {
            if (error instanceof TimeoutException || error instanceof CancellationException) {
                task.cancel(true);
            }
        });
        return result;
    }

    @Override
    public int availablePermits(String dependency) {
        ThreadPoolExecutor pool = pools.get(dependency);
        return pool.getMaximumPoolSize() - pool.getActiveCount();
    }

    @Override
    public void close() {
        pools.values().forEach(ThreadPoolExecutor::shutdownNow);
    }
}
