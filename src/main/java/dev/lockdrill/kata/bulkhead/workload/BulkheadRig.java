package dev.lockdrill.kata.bulkhead.workload;

import dev.lockdrill.harness.Pause;
import dev.lockdrill.harness.Recorder;
import dev.lockdrill.harness.WorkloadContext;
import dev.lockdrill.katas.api.bulkhead.BulkheadConfig;
import dev.lockdrill.katas.api.bulkhead.BulkheadFullException;
import dev.lockdrill.katas.api.bulkhead.Bulkheads;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One scenario's bulkheads (the learner's class, fresh) and fake dependencies. Client calls are
 * recorded with how they ended ("value", "rejected", "timeout", "failed", "cancelled", or
 * something unexpected); the dependencies record the calls that reached them.
 */
final class BulkheadRig implements AutoCloseable {
    static final Duration CALL_TIMEOUT = Duration.ofMillis(250);
    private final WorkloadContext context;
    private final String scenario;
    private final Map<String, FakeDependency> dependencies = new LinkedHashMap<>();
    private final Map<String, Integer> limits;
    private final Bulkheads bulkheads;
    private final List<CompletableFuture<?>> outstanding = new ArrayList<>();

    BulkheadRig(WorkloadContext context, String scenario, Map<String, Integer> limits, long delayMillis) {
        this.context = context;
        this.scenario = scenario;
        this.limits = limits;
        limits.keySet().forEach(name -> dependencies.put(name,
                new FakeDependency(name, context.recorder(), scenario, delayMillis)));
        List<Map<String, Object>> rows = new ArrayList<>();
        limits.forEach((name, limit) -> rows.add(Map.of("dependency", name, "limit", limit)));
        context.recorder().observe("limits", scenario, rows);
        this.bulkheads = context.implementation().create(Bulkheads.class, new Class<?>[]{BulkheadConfig.class},
                new BulkheadConfig(limits, CALL_TIMEOUT));
    }

    FakeDependency dependency(String name) {
        return dependencies.get(name);
    }

    Recorder recorder() {
        return context.recorder();
    }

    String scenario() {
        return scenario;
    }

    /** Starts a call and returns its future; the outcome is recorded when it completes. */
    CompletableFuture<String> start(String worker, String dependency) {
        Recorder.PendingOp op = context.recorder().invoke(scenario, worker, "call",
                Map.of("dependency", dependency));
        FakeDependency target = dependencies.get(dependency);
        CompletableFuture<String> future;
        try {
            future = bulkheads.call(dependency, () -> target.serve(op.id()));
        } catch (RuntimeException e) {
            op.ok(Map.of("outcome", classify(e)));
            return CompletableFuture.failedFuture(e);
        }
        if (future == null) {
            op.ok(Map.of("outcome", "other: call returned null"));
            return CompletableFuture.failedFuture(new IllegalStateException("null future"));
        }
        future.whenComplete((value, error) -> op.ok(Map.of("outcome", error == null ? "value" : classify(error))));
        synchronized (outstanding) {
            outstanding.add(future);
        }
        return future;
    }

    /** A call the client waits for (at most two seconds). */
    void callAndWait(String worker, String dependency) {
        await(start(worker, dependency));
    }

    void await(CompletableFuture<?> future) {
        try {
            future.get(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | CancellationException | TimeoutException ignored) {
            // the outcome is recorded by the completion callback
        }
    }

    /** Recovers every dependency, waits for all calls and all work to end, then records the free permits. */
    void quiesce() {
        dependencies.values().forEach(FakeDependency::recover);
        List<CompletableFuture<?>> all;
        synchronized (outstanding) {
            all = List.copyOf(outstanding);
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
        for (CompletableFuture<?> future : all) {
            try {
                future.get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (Exception ignored) {
                // how it ended is recorded; only waiting here
            }
        }
        while (dependencies.values().stream().anyMatch(d -> d.inFlight() > 0) && System.nanoTime() < deadline) {
            Pause.millis(5);
        }
        Pause.millis(30);
        List<Map<String, Object>> rows = new ArrayList<>();
        for (Map.Entry<String, Integer> limit : limits.entrySet()) {
            Map<String, Object> row = new HashMap<>();
            row.put("dependency", limit.getKey());
            row.put("limit", limit.getValue());
            row.put("available", availablePermits(limit.getKey()));
            row.put("stillRunning", dependencies.get(limit.getKey()).inFlight());
            rows.add(row);
        }
        context.recorder().observe("permits", scenario, rows);
    }

    private Object availablePermits(String dependency) {
        try {
            return bulkheads.availablePermits(dependency);
        } catch (RuntimeException e) {
            return "availablePermits threw " + e;
        }
    }

    static String classify(Throwable error) {
        Throwable cause = error;
        while ((cause instanceof CompletionException || cause instanceof ExecutionException)
                && cause.getCause() != null) {
            cause = cause.getCause();
        }
        if (cause instanceof BulkheadFullException) {
            return "rejected";
        }
        if (cause instanceof TimeoutException) {
            return "timeout";
        }
        if (cause instanceof FakeDependency.DependencyFailure) {
            return "failed";
        }
        if (cause instanceof CancellationException) {
            return "cancelled";
        }
        return "other: " + cause;
    }

    @Override
    public void close() {
        bulkheads.close();
    }
}
