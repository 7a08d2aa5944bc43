package katas.bulkhead;

import dev.lockdrill.katas.api.bulkhead.BulkheadConfig;
import dev.lockdrill.katas.api.bulkhead.BulkheadFullException;
import dev.lockdrill.katas.api.bulkhead.Bulkheads;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A semaphore per dependency, the work run with CompletableFuture.supplyAsync on the bulkhead's
 * pool, orTimeout for the deadline; the running thread is kept so a timeout or a cancellation can
 * interrupt it. A Supplier cannot throw the Callable's checked exceptions, so they are wrapped in an
 * unchecked one.
 */
public final class DependencyBulkheads implements Bulkheads {
    private final Map<String, Semaphore> permits = new HashMap<>();
    private final long timeoutMillis;
    private final ExecutorService workers = Executors.newCachedThreadPool(runnable -> {
        Thread thread = new Thread(runnable, "bulkhead-worker");
        thread.setDaemon(true);
        return thread;
    });

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
        AtomicReference<Thread> runner = new AtomicReference<>();
        CompletableFuture<T> result = CompletableFuture.supplyAsync(() -> {
            runner.set(Thread.currentThread());
            try {
                return work.call();
            } catch (RuntimeException e) {
                throw e;
            } catch (Exception e) {
                throw new IllegalStateException(e);
            } finally {
                synchronized (runner) {
                    runner.set(null);
                    Thread.interrupted();
                }
                semaphore.release();
            }
        }, workers);
        CompletableFuture<T> answer = result.orTimeout(timeoutMillis, TimeUnit.MILLISECONDS);
        answer.whenComplete((value, error) -> {
            if (error instanceof TimeoutException || error instanceof CancellationException) {
                synchronized (runner) {
                    Thread thread = runner.get();
                    if (thread != null) {
                        thread.interrupt();
                    }
                }
            }
        });
        return answer;
    }

    @Override
    public int availablePermits(String dependency) {
        return permits.get(dependency).availablePermits();
    }

    @Override
    public void close() {
        workers.shutdownNow();
    }
}
