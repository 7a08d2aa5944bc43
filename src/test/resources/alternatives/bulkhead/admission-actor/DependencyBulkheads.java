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
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * An actor on one thread owns every count: call(), a finished work, a deadline and a question
 * about free permits are all messages to it, handled one at a time, so its state needs no lock.
 * It admits under the limit, submits the work to the worker pool, and frees the slot when the
 * task says it has ended (or, for a task stopped before it started, at once). A deadline or a
 * cancellation interrupts the task with Future.cancel(true). The caller's future is answered by
 * the actor (rejection, timeout) or by the work.
 */
public final class DependencyBulkheads implements Bulkheads {
    private final Map<String, Integer> limits;
    private final Map<String, Integer> inFlight = new HashMap<>();
    private final long timeoutNanos;
    private final LinkedBlockingQueue<Runnable> mailbox = new LinkedBlockingQueue<>();
    private final Thread actor;
    private final ExecutorService workers = Executors.newCachedThreadPool(daemon("actor-worker"));
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(daemon("actor-timer"));

    public DependencyBulkheads(BulkheadConfig config) {
        limits = config.maxConcurrentCalls();
        limits.keySet().forEach(dependency -> inFlight.put(dependency, 0));
        timeoutNanos = config.callTimeout().toNanos();
        actor = daemon("admission-actor").newThread(this::loop);
        actor.start();
    }

    private void loop() {
        try {
            while (true) {
                mailbox.take().run();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public <T> CompletableFuture<T> call(String dependency, Callable<T> work) {
        CompletableFuture<T> result = new CompletableFuture<>();
        mailbox.add(() -> admit(dependency, work, result));
        return result;
    }

    /** Runs on the actor. */
    private <T> void admit(String dependency, Callable<T> work, CompletableFuture<T> result) {
        int running = inFlight.get(dependency);
        if (running >= limits.get(dependency) || result.isDone()) {
            result.completeExceptionally(new BulkheadFullException(dependency));
            return;
        }
        inFlight.put(dependency, running + 1);
        AtomicBoolean claimed = new AtomicBoolean();
        Future<?> task = workers.submit(() -> {
            if (!claimed.compareAndSet(false, true)) {
                return null;
            }
            try {
                result.complete(work.call());
            } catch (Throwable e) {
                result.completeExceptionally(e);
            } finally {
                mailbox.add(() -> inFlight.merge(dependency, -1, Integer::sum));
            }
            return null;
        });
        timer.schedule(() -> mailbox.add(() -> result.completeExceptionally(
                new TimeoutException(dependency + " took too long"))), timeoutNanos, TimeUnit.NANOSECONDS);
        result.whenComplete((value, error) -> {
            if (error != null) {
                mailbox.add(() -> stop(task, claimed, dependency));
            }
        });
    }

    /**
     * Runs on the actor once the caller has given up: a task that has not started never will (its
     * slot is freed here); a running one is interrupted and frees its slot when it ends.
     */
    private void stop(Future<?> task, AtomicBoolean claimed, String dependency) {
        if (claimed.compareAndSet(false, true)) {
            task.cancel(false);
            inFlight.merge(dependency, -1, Integer::sum);
        } else {
            task.cancel(true);
        }
    }

    @Override
    public int availablePermits(String dependency) {
        CompletableFuture<Integer> answer = new CompletableFuture<>();
        mailbox.add(() -> answer.complete(limits.get(dependency) - inFlight.get(dependency)));
        return answer.join();
    }

    @Override
    public void close() {
        actor.interrupt();
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
