package katas.bulkhead;

import dev.lockdrill.katas.api.bulkhead.BulkheadConfig;
import dev.lockdrill.katas.api.bulkhead.Bulkheads;

import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Calls to every dependency share one unbounded pool: when one dependency hangs, its calls pile up
 * without limit. Run `lockdrill check bulkhead` to watch it, then give each dependency its own share.
 */
public final class DependencyBulkheads implements Bulkheads {
    private final BulkheadConfig config;
    private final ExecutorService shared = Executors.newCachedThreadPool(runnable -> {
        Thread thread = new Thread(runnable, "shared-pool");
        thread.setDaemon(true);
        return thread;
    });

    public DependencyBulkheads(BulkheadConfig config) {
        this.config = config;
    }

    @Override
    public <T> CompletableFuture<T> call(String dependency, Callable<T> work) {
        // TODO: admit at most config.maxConcurrentCalls().get(dependency) calls at once, reject the rest at once
        //       with BulkheadFullException, time out after config.callTimeout() and interrupt the work, and
        //       interrupt it too when the caller cancels the future.
        CompletableFuture<T> result = new CompletableFuture<>();
        shared.execute(() -> {
            try {
                result.complete(work.call());
            } catch (Exception e) {
                result.completeExceptionally(e);
            }
        });
        return result;
    }

    @Override
    public int availablePermits(String dependency) {
        // TODO: how many more calls this dependency would admit now.
        return config.maxConcurrentCalls().get(dependency);
    }

    @Override
    public void close() {
        shared.shutdownNow();
    }
}
