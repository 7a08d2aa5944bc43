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
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * MUTANT (admission-check-then-act): the reference, with a permit counter of its own instead of a
 * semaphore: it checks that the count is under the limit, then takes a permit, in two steps. Two
 * callers that pass the check together both get in, one past the limit. Caught by
 * concurrency-within-limit in interleaved-admission, which stops a caller between the two steps.
 */
public final class DependencyBulkheads implements Bulkheads {
    private final Map<String, Permits> permits = new HashMap<>();
    private final long timeoutNanos;
    private final ExecutorService workers = Executors.newCachedThreadPool(daemon("bulkhead-worker"));
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(daemon("bulkhead-timer"));

    public DependencyBulkheads(BulkheadConfig config) {
        config.maxConcurrentCalls().forEach((dependency, limit) -> permits.put(dependency, new Permits(limit)));
        this.timeoutNanos = config.callTimeout().toNanos();
    }

    @Override
    public <T> CompletableFuture<T> call(String dependency, Callable<T> work) {
        Permits semaphore = permits.get(dependency);
        if (semaphore == null) {
            return CompletableFuture.failedFuture(new IllegalArgumentException("unknown dependency " + dependency));
        }
        if (!semaphore.tryTake()) {
            return CompletableFuture.failedFuture(new BulkheadFullException(dependency));
        }
        CompletableFuture<T> result = new CompletableFuture<>();
        GuardedCall<T> call = new GuardedCall<>(work, result, semaphore);
        try {
            workers.execute(call);
        } catch (RejectedExecutionException e) {
            semaphore.release();
            return CompletableFuture.failedFuture(e);
        }
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
