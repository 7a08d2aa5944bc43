package dev.lockdrill.harness;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** Runs worker bodies on their own named threads and waits for them. */
public final class Workers implements AutoCloseable {
    private final ExecutorService pool = Executors.newCachedThreadPool(runnable -> {
        Thread thread = new Thread(runnable);
        thread.setDaemon(true);
        return thread;
    });
    private final List<Future<?>> started = new ArrayList<>();

    public <T> Future<T> start(String worker, Callable<T> body) {
        Future<T> future = pool.submit(() -> {
            Thread.currentThread().setName(worker);
            return body.call();
        });
        started.add(future);
        return future;
    }

    public Future<?> start(String worker, CheckedRunnable body) {
        return start(worker, () -> {
            body.run();
            return null;
        });
    }

    /** Waits for every started worker; rethrows the first failure of the harness itself. */
    public void awaitAll() throws Exception {
        for (Future<?> future : started) {
            await(future);
        }
        started.clear();
    }

    public static <T> T await(Future<T> future) throws Exception {
        try {
            return future.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Exception cause) {
                throw cause;
            }
            throw e;
        }
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }

    @FunctionalInterface
    public interface CheckedRunnable {
        void run() throws Exception;
    }
}
