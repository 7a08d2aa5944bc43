package katas.bulkhead;

import dev.lockdrill.katas.api.bulkhead.BulkheadConfig;
import dev.lockdrill.katas.api.bulkhead.BulkheadFullException;
import dev.lockdrill.katas.api.bulkhead.Bulkheads;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Immutable state behind compare-and-set: one map of calls in flight per dependency, replaced
 * whole by a CAS loop to admit (only under the limit) and to release. Each admitted call is a
 * small state machine of its own (waiting, running on a thread, finished), also swapped by CAS,
 * so an abandoned call is either never started or interrupted while it runs — never after.
 * The deadline is CompletableFuture.orTimeout.
 */
public final class DependencyBulkheads implements Bulkheads {
    private final Map<String, Integer> limits;
    private final AtomicReference<Map<String, Integer>> inFlight;
    private final long timeoutNanos;
    private final ExecutorService threads = Executors.newCachedThreadPool(runnable -> {
        Thread thread = new Thread(runnable, "cas-bulkhead");
        thread.setDaemon(true);
        return thread;
    });

    public DependencyBulkheads(BulkheadConfig config) {
        limits = config.maxConcurrentCalls();
        Map<String, Integer> none = new HashMap<>();
        limits.keySet().forEach(dependency -> none.put(dependency, 0));
        inFlight = new AtomicReference<>(Map.copyOf(none));
        timeoutNanos = config.callTimeout().toNanos();
    }

    @Override
    public <T> CompletableFuture<T> call(String dependency, Callable<T> work) {
        if (!admit(dependency)) {
            return CompletableFuture.failedFuture(new BulkheadFullException(dependency));
        }
        CompletableFuture<T> result = new CompletableFuture<>();
        Run<T> run = new Run<>(work, result, () -> release(dependency));
        result.orTimeout(timeoutNanos, TimeUnit.NANOSECONDS).whenComplete((value, error) -> {
            if (error != null) {
                run.abandon();
            }
        });
        threads.execute(run);
        return result;
    }

    private boolean admit(String dependency) {
        while (true) {
            Map<String, Integer> now = inFlight.get();
            int running = now.get(dependency);
            if (running >= limits.get(dependency)) {
                return false;
            }
            if (inFlight.compareAndSet(now, with(now, dependency, running + 1))) {
                return true;
            }
        }
    }

    private void release(String dependency) {
        while (true) {
            Map<String, Integer> now = inFlight.get();
            if (inFlight.compareAndSet(now, with(now, dependency, now.get(dependency) - 1))) {
                return;
            }
        }
    }

    private static Map<String, Integer> with(Map<String, Integer> map, String key, int value) {
        Map<String, Integer> next = new HashMap<>(map);
        next.put(key, value);
        return Map.copyOf(next);
    }

    @Override
    public int availablePermits(String dependency) {
        return limits.get(dependency) - inFlight.get().get(dependency);
    }

    @Override
    public void close() {
        threads.shutdownNow();
    }

    /** One admitted call's life: waiting for a thread, running on one, or finished. */
    private static final class Run<T> implements Runnable {
        private static final Thread WAITING = new Thread("waiting");
        private static final Thread FINISHED = new Thread("finished");
        private static final Thread INTERRUPTING = new Thread("interrupting");
        private final Callable<T> work;
        private final CompletableFuture<T> result;
        private final Runnable release;
        private final AtomicReference<Thread> state = new AtomicReference<>(WAITING);

        Run(Callable<T> work, CompletableFuture<T> result, Runnable release) {
            this.work = work;
            this.result = result;
            this.release = release;
        }

        @Override
        public void run() {
            if (!state.compareAndSet(WAITING, Thread.currentThread())) {
                release.run();
                return;
            }
            try {
                result.complete(work.call());
            } catch (Throwable e) {
                result.completeExceptionally(e);
            } finally {
                while (!state.compareAndSet(Thread.currentThread(), FINISHED)) {
                    Thread.onSpinWait();
                }
                Thread.interrupted();
                release.run();
            }
        }

        /** The caller gave up: a call not started never starts, a running one is interrupted. */
        void abandon() {
            while (true) {
                Thread now = state.get();
                if (now == FINISHED || now == INTERRUPTING) {
                    return;
                }
                if (now == WAITING) {
                    if (state.compareAndSet(WAITING, FINISHED)) {
                        return;
                    }
                } else if (state.compareAndSet(now, INTERRUPTING)) {
                    now.interrupt();
                    state.set(now);
                    return;
                }
            }
        }
    }
}
