package katas.bulkhead;

import dev.lockdrill.katas.api.bulkhead.BulkheadConfig;
import dev.lockdrill.katas.api.bulkhead.BulkheadFullException;
import dev.lockdrill.katas.api.bulkhead.Bulkheads;

import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * A semaphore per dependency and a fresh thread per admitted call: the thread owns the permit
 * until it ends, and a timeout or a cancellation interrupts exactly that thread.
 */
public final class DependencyBulkheads implements Bulkheads {
    private final Map<String, Semaphore> permits = new ConcurrentHashMap<>();
    private final long timeoutMillis;

    public DependencyBulkheads(BulkheadConfig config) {
        config.maxConcurrentCalls().forEach((dependency, limit) -> permits.put(dependency, new Semaphore(limit)));
        timeoutMillis = config.callTimeout().toMillis();
    }

    @Override
    public <T> CompletableFuture<T> call(String dependency, Callable<T> work) {
        Semaphore semaphore = permits.get(dependency);
        if (!semaphore.tryAcquire()) {
            return CompletableFuture.failedFuture(new BulkheadFullException(dependency));
        }
        CompletableFuture<T> result = new CompletableFuture<>();
        Thread thread = new Thread(() -> {
            try {
                result.complete(work.call());
            } catch (Exception e) {
                result.completeExceptionally(e);
            } finally {
                semaphore.release();
            }
        }, dependency + "-call");
        thread.setDaemon(true);
        result.orTimeout(timeoutMillis, TimeUnit.MILLISECONDS)
                .whenComplete((value, error) -> {
                    if (error != null && Thread.currentThread() != thread) {
                        thread.interrupt();
                    }
                });
        thread.start();
        return result;
    }

    @Override
    public int availablePermits(String dependency) {
        return permits.get(dependency).availablePermits();
    }

    @Override
    public void close() {
        permits.clear();
    }
}
