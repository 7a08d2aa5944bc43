package katas.bulkhead;

import dev.lockdrill.katas.api.bulkhead.BulkheadConfig;
import dev.lockdrill.katas.api.bulkhead.Bulkheads;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** A fixed pool per dependency (Executors.newFixedThreadPool): bounded threads, but an unbounded queue. */
public final class DependencyBulkheads implements Bulkheads {
    private final Map<String, ThreadPoolExecutor> pools = new HashMap<>();
    private final long timeoutMillis;

    public DependencyBulkheads(BulkheadConfig config) {
        config.maxConcurrentCalls().forEach((dependency, limit) -> pools.put(dependency,
                new ThreadPoolExecutor(limit, limit, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>(),
                        runnable -> {
                            Thread thread = new Thread(runnable, dependency);
                            thread.setDaemon(true);
                            return thread;
                        })));
        timeoutMillis = config.callTimeout().toMillis();
    }

    @Override
    public <T> CompletableFuture<T> call(String dependency, Callable<T> work) {
        CompletableFuture<T> result = new CompletableFuture<>();
        Future<?> task = pools.get(dependency).submit(() -> {
            try {
                result.complete(work.call());
            } catch (Exception e) {
                result.completeExceptionally(e);
            }
        });
        result.orTimeout(timeoutMillis, TimeUnit.MILLISECONDS).whenComplete((value, error) -> {
            if (error instanceof TimeoutException || result.isCancelled()) {
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
