package dev.lockdrill.katas.api.bulkhead;

import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;

/**
 * One bulkhead per dependency: calls to a dependency run at most {@code maxConcurrentCalls} at a
 * time, on threads of the bulkhead (never the caller's), so a dependency that hangs can hold up
 * only its own share. The kata's class has a public constructor {@code (BulkheadConfig config)}.
 */
public interface Bulkheads extends AutoCloseable {
    /**
     * Runs {@code work} against {@code dependency}. The future completes with the work's result or
     * exception; exceptionally with {@link BulkheadFullException} at once if the dependency has no
     * room; exceptionally with {@link java.util.concurrent.TimeoutException} after the call timeout,
     * and then the work is interrupted. Cancelling the future interrupts the work too. A permit is
     * free again only once the work has really stopped.
     */
    <T> CompletableFuture<T> call(String dependency, Callable<T> work);

    /** How many more calls the dependency would admit right now. */
    int availablePermits(String dependency);

    @Override
    void close();
}
