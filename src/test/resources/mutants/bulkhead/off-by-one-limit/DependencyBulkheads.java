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
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A counter of calls in flight per dependency, claimed atomically with incrementAndGet and given
 * back when the work ends; a timeout or a cancellation interrupts the work.
 */
public final class DependencyBulkheads implements Bulkheads {
    private final Map<String, AtomicInteger> inFlight = new HashMap<>();
    private final Map<String, Integer> limits;
    private final long timeoutNanos;
    private final ExecutorService workers = Executors.newCachedThreadPool(daemon("bulkhead-worker"));
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(daemon("bulkhead-timer"));

    public DependencyBulkheads(BulkheadConfig config) {
        limits = config.maxConcurrentCalls();
        limits.keySet().forEach(dependency -> inFlight.put(dependency, new AtomicInteger()));
        timeoutNanos = config.callTimeout().toNanos();
    }

    @Override
    public <T> CompletableFuture<T> call(String dependency, Callable<T> work) {
        AtomicInteger running = inFlight.get(dependency);
        if (running.incrementAndGet() >= limits.get(dependency)) {
            running.decrementAndGet();
            return CompletableFuture.failedFuture(new BulkheadFullException(dependency));
        }
        CompletableFuture<T> result = new CompletableFuture<>();
        GuardedCall<T> call = new GuardedCall<>(work, result, running::decrementAndGet);
        workers.execute(call);
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
        return limits.get(dependency) - inFlight.get(dependency).get();
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
}
