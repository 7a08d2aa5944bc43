package katas.bulkhead;

import dev.lockdrill.katas.api.bulkhead.BulkheadConfig;
import dev.lockdrill.katas.api.bulkhead.BulkheadFullException;
import dev.lockdrill.katas.api.bulkhead.Bulkheads;
import io.github.resilience4j.bulkhead.ThreadPoolBulkhead;
import io.github.resilience4j.bulkhead.ThreadPoolBulkheadConfig;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Resilience4j's ThreadPoolBulkhead used as its documentation shows: submit the work, put a time
 * limit on the CompletionStage it returns (what TimeLimiter does for a CompletionStage, here with
 * CompletableFuture.orTimeout). One pool per dependency, exactly the limit's threads, no queue.
 * The timeout ends the call, but nothing interrupts the work: it stays inside the dependency,
 * holding its thread, until the dependency answers. The kata's contract says timed-out and
 * cancelled work is interrupted, so this adapter must fail for that clause — and only for it.
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
        try {
            return pools.get(dependency).submit(work).toCompletableFuture()
                    .orTimeout(timeoutNanos, TimeUnit.NANOSECONDS);
        } catch (io.github.resilience4j.bulkhead.BulkheadFullException full) {
            return CompletableFuture.failedFuture(new BulkheadFullException(dependency));
        }
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
}
