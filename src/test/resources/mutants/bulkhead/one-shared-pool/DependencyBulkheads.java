package katas.bulkhead;

import dev.lockdrill.katas.api.bulkhead.BulkheadConfig;
import dev.lockdrill.katas.api.bulkhead.BulkheadFullException;
import dev.lockdrill.katas.api.bulkhead.Bulkheads;

import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** One bounded pool, sized to the sum of the limits, shared by every dependency. */
public final class DependencyBulkheads implements Bulkheads {
    private final ThreadPoolExecutor pool;
    private final long timeoutMillis;

    public DependencyBulkheads(BulkheadConfig config) {
        int size = config.maxConcurrentCalls().values().stream().mapToInt(Integer::intValue).sum();
        pool = new ThreadPoolExecutor(size, size, 1, TimeUnit.MINUTES, new SynchronousQueue<>(), runnable -> {
            Thread thread = new Thread(runnable, "shared");
            thread.setDaemon(true);
            return thread;
        });
        timeoutMillis = config.callTimeout().toMillis();
    }

    @Override
    public <T> CompletableFuture<T> call(String dependency, Callable<T> work) {
        CompletableFuture<T> result = new CompletableFuture<>();
        Future<?> task;
        try {
            task = pool.submit(() -> {
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
            if (error instanceof TimeoutException || result.isCancelled()) {
                task.cancel(true);
            }
        });
        return result;
    }

    @Override
    public int availablePermits(String dependency) {
        return pool.getMaximumPoolSize() - pool.getActiveCount();
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }
}
