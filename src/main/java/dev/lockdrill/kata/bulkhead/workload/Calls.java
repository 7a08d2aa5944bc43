package dev.lockdrill.kata.bulkhead.workload;

import dev.lockdrill.harness.StallWatch;
import dev.lockdrill.harness.Pause;
import dev.lockdrill.kata.bulkhead.protocol.CallArgs;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;

/**
 * Calls made on threads of the harness's own, so that an implementation whose {@code call()}
 * blocks (waiting for a permit, or running the work on the caller's thread) holds up only those
 * threads: the scenario goes on at its deadline, and {@link #close()} interrupts what is still stuck.
 */
final class Calls implements AutoCloseable {
    private final BulkheadRig rig;
    private final ExecutorService callers = Executors.newCachedThreadPool(runnable -> {
        Thread thread = new Thread(runnable);
        thread.setDaemon(true);
        return thread;
    });
    private final List<CompletableFuture<CompletableFuture<String>>> started = new ArrayList<>();

    Calls(BulkheadRig rig) {
        this.rig = rig;
    }

    /** Starts one call on a caller thread named {@code worker}. */
    synchronized void start(String worker, CallArgs args) {
        CompletableFuture<CompletableFuture<String>> returned = new CompletableFuture<>();
        started.add(returned);
        callers.execute(() -> {
            Thread.currentThread().setName(worker);
            returned.complete(rig.start(worker, args));
        });
    }

    /** Starts {@code n} calls released together: each caller spins on one flag until all are ready. */
    void hammer(String worker, int n, CallArgs args) {
        CountDownLatch ready = new CountDownLatch(n);
        AtomicBoolean go = new AtomicBoolean();
        List<CompletableFuture<CompletableFuture<String>>> burst = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
            String name = worker + "-" + i;
            CompletableFuture<CompletableFuture<String>> returned = new CompletableFuture<>();
            burst.add(returned);
            callers.execute(() -> {
                Thread.currentThread().setName(name);
                ready.countDown();
                while (!go.get()) {
                    Thread.yield();
                }
                returned.complete(rig.start(name, args));
            });
        }
        synchronized (this) {
            started.addAll(burst);
        }
        try {
            ready.await(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        go.set(true);
    }

    /** Calls whose {@code call()} has returned and whose future is done. */
    synchronized int done() {
        return (int) started.stream().filter(f -> f.isDone() && f.join().isDone()).count();
    }

    synchronized int count() {
        return started.size();
    }

    /** The futures of the calls whose {@code call()} has returned so far. */
    /** Calls started that have not ended: still being made, or their future not done. */
    synchronized int pending() {
        return (int) started.stream().filter(call -> !call.isDone() || !call.join().isDone()).count();
    }

    synchronized List<CompletableFuture<String>> futures() {
        return started.stream().filter(CompletableFuture::isDone).map(CompletableFuture::join).toList();
    }

    /** Every call has returned and its future is done, or the deadline passed. */
    boolean awaitDone(StallWatch.Deadline deadline) {
        return await(() -> done() == count(), deadline);
    }

    static boolean await(BooleanSupplier condition, StallWatch.Deadline deadline) {
        while (!condition.getAsBoolean() && !deadline.passed()) {
            Pause.millis(1);
        }
        return condition.getAsBoolean();
    }

    @Override
    public void close() {
        callers.shutdownNow();
    }
}
