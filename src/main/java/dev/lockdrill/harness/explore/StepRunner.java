package dev.lockdrill.harness.explore;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs a schedule's steps: each actor on a thread of its own, taking its steps in order. Steps are
 * handed out in schedule order; the next one is handed out when the previous has finished or has
 * run for {@link #WINDOW_MILLIS} (it blocks, or it is a pause), so what overlaps is what blocks.
 * A {@link Step.Alone} step waits for every step before it and runs to its end before the next.
 */
public final class StepRunner {
    public static final long WINDOW_MILLIS = 25;
    static final long DRAIN_SECONDS = 20;

    /** What a step does when its actor takes it. */
    @FunctionalInterface
    public interface Action<S> {
        void run(S step) throws Exception;
    }

    private StepRunner() {
    }

    public static <S extends Step> void run(List<S> steps, Action<S> action) throws Exception {
        Map<String, ExecutorService> actors = new LinkedHashMap<>();
        List<Future<?>> started = new ArrayList<>();
        try {
            for (S step : steps) {
                if (step instanceof Step.Alone) {
                    awaitAll(started);
                }
                ExecutorService actor = actors.computeIfAbsent(step.actor(), name -> Executors.newSingleThreadExecutor(
                        runnable -> {
                            Thread thread = new Thread(runnable, name);
                            thread.setDaemon(true);
                            return thread;
                        }));
                Future<?> future = actor.submit(() -> {
                    action.run(step);
                    return null;
                });
                started.add(future);
                try {
                    if (step instanceof Step.Alone) {
                        future.get(DRAIN_SECONDS, TimeUnit.SECONDS);
                    } else {
                        future.get(WINDOW_MILLIS, TimeUnit.MILLISECONDS);
                    }
                } catch (TimeoutException stillRunning) {
                    // it blocks or pauses: the schedule goes on around it
                } catch (ExecutionException e) {
                    // reported once every actor is done
                }
            }
            for (Future<?> future : started) {
                try {
                    future.get(DRAIN_SECONDS, TimeUnit.SECONDS);
                } catch (ExecutionException e) {
                    if (e.getCause() instanceof Exception cause) {
                        throw cause;
                    }
                    throw e;
                }
            }
        } finally {
            actors.values().forEach(ExecutorService::shutdownNow);
        }
    }

    /** Waits (up to {@link #DRAIN_SECONDS} each) for the steps started so far; their failures are reported at the end. */
    private static void awaitAll(List<Future<?>> started) throws InterruptedException {
        for (Future<?> future : started) {
            try {
                future.get(DRAIN_SECONDS, TimeUnit.SECONDS);
            } catch (ExecutionException | TimeoutException e) {
                // reported (or timed out again) once every actor is done
            }
        }
    }
}
