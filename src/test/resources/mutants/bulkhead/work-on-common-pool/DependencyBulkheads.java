package katas.bulkhead;

import dev.lockdrill.katas.api.bulkhead.BulkheadConfig;
import dev.lockdrill.katas.api.bulkhead.BulkheadFullException;
import dev.lockdrill.katas.api.bulkhead.Bulkheads;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A semaphore per dependency decides admission, a timeout or a cancellation interrupts the work,
 * the permit goes back when the work has ended — but the work runs with CompletableFuture.runAsync
 * and no executor: on the JVM's common pool, shared by every dependency (and by everything else in
 * the process), as big as the machine's cores minus one. Each dependency's permits are its own;
 * the threads are not.
 */
public final class DependencyBulkheads implements Bulkheads {
    private final Map<String, Semaphore> permits = new HashMap<>();
    private final long timeoutNanos;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "bulkhead-timer");
        thread.setDaemon(true);
        return thread;
    });

    public DependencyBulkheads(BulkheadConfig config) {
        config.maxConcurrentCalls().forEach((dependency, limit) -> permits.put(dependency, new Semaphore(limit)));
        this.timeoutNanos = config.callTimeout().toNanos();
    }

    @Override
    public <T> CompletableFuture<T> call(String dependency, Callable<T> work) {
        Semaphore semaphore = permits.get(dependency);
        if (semaphore == null) {
            return CompletableFuture.failedFuture(new IllegalArgumentException("unknown dependency " + dependency));
        }
        if (!semaphore.tryAcquire()) {
            return CompletableFuture.failedFuture(new BulkheadFullException(dependency));
        }
        CompletableFuture<T> result = new CompletableFuture<>();
        GuardedCall<T> call = new GuardedCall<>(work, result, semaphore);
        CompletableFuture.runAsync(call);
        ScheduledFuture<?> deadline = timer.schedule(
                () -> result.completeExceptionally(new TimeoutException(dependency + " took too long")),
                timeoutNanos, TimeUnit.NANOSECONDS);
        result.whenComplete((value, error) -> {
            deadline.cancel(false);
            if (error instanceof TimeoutException || error instanceof CancellationException) {
                call.interrupt();
            }
        });
        return result;
    }

    @Override
    public int availablePermits(String dependency) {
        return permits.get(dependency).availablePermits();
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
