package dev.lockdrill.kata.bulkhead.workload;

import dev.lockdrill.harness.StallWatch;
import dev.lockdrill.harness.Failures;
import dev.lockdrill.harness.Pause;
import dev.lockdrill.harness.Recorder;
import dev.lockdrill.harness.ScenarioRig;
import dev.lockdrill.harness.WorkloadContext;
import dev.lockdrill.kata.bulkhead.protocol.BulkheadObservation;
import dev.lockdrill.kata.bulkhead.protocol.BulkheadOp;
import dev.lockdrill.kata.bulkhead.protocol.CallArgs;
import dev.lockdrill.kata.bulkhead.protocol.CallResult;
import dev.lockdrill.kata.bulkhead.protocol.Ending;
import dev.lockdrill.kata.bulkhead.protocol.LimitRow;
import dev.lockdrill.kata.bulkhead.protocol.PermitRow;
import dev.lockdrill.history.StallRow;
import dev.lockdrill.katas.api.bulkhead.BulkheadConfig;
import dev.lockdrill.katas.api.bulkhead.BulkheadFullException;
import dev.lockdrill.katas.api.bulkhead.Bulkheads;

import java.time.Duration;
import java.util.ArrayList;
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
 * recorded with how they ended (an {@link Ending}, or something unexpected), the value their
 * future carried and how long {@code call()} took to return; the dependencies record the calls
 * that reached them. No database: the admin connection is absent.
 */
final class BulkheadRig extends ScenarioRig implements AutoCloseable {
    private final Map<String, FakeDependency> dependencies = new LinkedHashMap<>();
    private final Map<String, Integer> limits;
    private final Bulkheads bulkheads;
    private final Duration callTimeout;
    private final List<CompletableFuture<?>> outstanding = new ArrayList<>();
    private final StallWatch stalls;

    BulkheadRig(WorkloadContext context, String scenario, Map<String, Integer> limits, long delayMillis,
                Duration callTimeout) {
        super(context, null, scenario);
        this.stalls = new StallWatch(context.recorder());
        this.limits = limits;
        this.callTimeout = callTimeout;
        limits.keySet().forEach(name -> dependencies.put(name,
                new FakeDependency(name, context.recorder(), scenario, delayMillis)));
        List<Map<String, Object>> rows = new ArrayList<>();
        limits.forEach((name, limit) -> rows.add(new LimitRow(name, limit, callTimeout.toMillis()).toMap()));
        context.recorder().observe(BulkheadObservation.LIMITS.label(), scenario, rows);
        this.bulkheads = context.implementation().create(Bulkheads.class, new Class<?>[]{BulkheadConfig.class},
                new BulkheadConfig(limits, callTimeout));
    }

    FakeDependency dependency(String name) {
        return dependencies.get(name);
    }

    int limit(String dependency) {
        return limits.get(dependency);
    }

    /** Starts a call and returns its future; the outcome is recorded when it completes. */
    CompletableFuture<String> start(String worker, String dependency) {
        return start(worker, new CallArgs(dependency));
    }

    CompletableFuture<String> start(String worker, CallArgs args) {
        return start(bulkheads, worker, args);
    }

    /**
     * Fresh bulkheads of the learner's class, loaded with yield points, for calls made under an
     * {@link dev.lockdrill.harness.interleave.Interleaving}: the harness decides how callers interleave.
     */
    Bulkheads interleavable() {
        return context.implementation().createInterleavable(Bulkheads.class, new Class<?>[]{BulkheadConfig.class},
                new BulkheadConfig(limits, callTimeout));
    }

    /** Starts a call on {@code bulkheads} (the scenario's, or interleavable ones) and records it. */
    CompletableFuture<String> start(Bulkheads bulkheads, String worker, CallArgs args) {
        Recorder.PendingOp op = context.recorder().invoke(scenario, worker, BulkheadOp.CALL, args.toMap());
        FakeDependency target = dependencies.get(args.dependency());
        Thread caller = Thread.currentThread();
        CompletableFuture<String> future;
        long begin = System.nanoTime();
        try {
            future = bulkheads.call(args.dependency(), () -> target.serve(op.id(), Thread.currentThread() == caller));
        } catch (RuntimeException e) {
            op.ok(CallResult.other("call() threw " + Failures.describe(e) + " instead of returning a failed future")
                    .returnedAfter(System.nanoTime() - begin).answeredSynchronously().toMap());
            return CompletableFuture.failedFuture(e);
        }
        long returned = System.nanoTime() - begin;
        if (future == null) {
            op.ok(CallResult.other("call() returned null instead of a future").returnedAfter(returned).answeredSynchronously()
                    .toMap());
            return CompletableFuture.failedFuture(new IllegalStateException("null future"));
        }
        future.whenComplete((value, error) -> op.ok((error == null ? CallResult.of(Ending.VALUE).withValue(value)
                : classify(error, target.thrown(op.id()))).returnedAfter(returned).toMap()));
        synchronized (outstanding) {
            outstanding.add(future);
        }
        return future;
    }

    /** A call the client waits for (at most two seconds). */
    void callAndWait(String worker, String dependency) {
        await(start(worker, dependency), 2000);
    }

    /**
     * A call made with nothing in flight: once availablePermits says every permit is back (200 ms
     * at most) and a few ms more, so that a pool's thread is back waiting for work. Then waits for it.
     */
    void idleCall(String worker, String dependency) {
        String limit = String.valueOf(limits.get(dependency));
        Calls.await(() -> limit.equals(String.valueOf(availablePermits(dependency))), deadline(200));
        Pause.millis(5);
        callAndWait(worker, dependency);
    }

    void await(CompletableFuture<?> future) {
        await(future, 2000);
    }

    /** Waits for the future at most {@code millis}; how it ended is recorded by its completion callback. */
    static void await(CompletableFuture<?> future, long millis) {
        try {
            future.get(millis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | CancellationException | TimeoutException ignored) {
            // the outcome is recorded by the completion callback
        }
    }

    /** How many more calls the bulkheads say the dependency would admit (or what asking threw). */
    Object availablePermits(String dependency) {
        try {
            return bulkheads.availablePermits(dependency);
        } catch (RuntimeException e) {
            return "availablePermits threw " + e;
        }
    }

    /** Records what availablePermits says while hung works fill the dependency and nothing is in transit. */
    void observeFull(String dependency) {
        FakeDependency target = dependencies.get(dependency);
        context.recorder().observe(BulkheadObservation.PERMITS.label(), scenario, List.of(new PermitRow(dependency,
                limits.get(dependency), availablePermits(dependency), target.inFlight(), PermitRow.Phase.FULL).toMap()));
    }

    /** A wait of {@code millis} that the machine's stalls do not use up. */
    StallWatch.Deadline deadline(long millis) {
        return stalls.deadline(millis);
    }

    /** Waits (two seconds at most) until every call has ended and no work is inside any dependency. */
    void settle() {
        List<CompletableFuture<?>> all;
        synchronized (outstanding) {
            all = List.copyOf(outstanding);
        }
        Calls.await(() -> all.stream().allMatch(CompletableFuture::isDone)
                && dependencies.values().stream().allMatch(d -> d.inFlight() == 0), deadline(2000));
    }

    /**
     * Recovers every dependency, waits for all calls and all work to end and for every permit to be
     * back (200 ms at most: a lost permit never comes back, one too many never goes), then records
     * the free permits.
     */
    void quiesce() {
        dependencies.values().forEach(FakeDependency::recover);
        settle();
        Pause.millis(10);
        Calls.await(() -> limits.keySet().stream().allMatch(dependency ->
                String.valueOf(limits.get(dependency)).equals(String.valueOf(availablePermits(dependency)))),
                deadline(200));
        List<Map<String, Object>> rows = new ArrayList<>();
        for (Map.Entry<String, Integer> limit : limits.entrySet()) {
            rows.add(new PermitRow(limit.getKey(), limit.getValue(), availablePermits(limit.getKey()),
                    dependencies.get(limit.getKey()).inFlight(), PermitRow.Phase.QUIESCENT).toMap());
        }
        context.recorder().observe(BulkheadObservation.PERMITS.label(), scenario, rows);
        context.recorder().observe(BulkheadObservation.STALLS.label(), scenario,
                stalls.stalls().stream().map(StallRow::toMap).toList());
    }

    /**
     * How a call's future failed: {@code thrown} is what its dependency threw for it (null if it threw
     * nothing); the future must carry that very exception (unwrapped from CompletionException), not a
     * wrapper around it.
     */
    static CallResult classify(Throwable error, Exception thrown) {
        Throwable cause = error;
        while ((cause instanceof CompletionException || cause instanceof ExecutionException)
                && cause.getCause() != null) {
            cause = cause.getCause();
        }
        if (thrown != null && cause == thrown) {
            return CallResult.of(Ending.FAILED);
        }
        if (thrown != null && wraps(cause, thrown)) {
            return CallResult.other("the dependency's " + thrown.getClass().getSimpleName() + " wrapped in "
                    + cause.getClass().getName() + " (the caller must get the dependency's own exception)");
        }
        if (cause instanceof BulkheadFullException) {
            return CallResult.of(Ending.REJECTED);
        }
        if (cause instanceof TimeoutException) {
            return CallResult.of(Ending.TIMEOUT);
        }
        if (cause instanceof FakeDependency.DependencyFailure || cause instanceof FakeDependency.DependencyUnavailable) {
            return CallResult.other("another call's failure: " + cause);
        }
        if (cause instanceof CancellationException) {
            return CallResult.of(Ending.CANCELLED);
        }
        return CallResult.other(String.valueOf(cause));
    }

    private static boolean wraps(Throwable outer, Throwable inner) {
        for (Throwable cause = outer.getCause(); cause != null && cause != cause.getCause(); cause = cause.getCause()) {
            if (cause == inner) {
                return true;
            }
        }
        return false;
    }

    @Override
    public void close() {
        stalls.close();
        bulkheads.close();
    }
}
