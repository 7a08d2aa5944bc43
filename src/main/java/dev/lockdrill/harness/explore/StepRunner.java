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
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * Runs a schedule's steps: each actor on a thread of its own, taking its steps in order. Steps are
 * handed out in schedule order; the next one is handed out when the previous has finished, or when
 * it waits: its thread sleeps, parks or is blocked in the JVM (a pause, a retry's back-off, a lock),
 * or the {@link Waits} probe sees it wait on another session's lock. What overlaps is what waits,
 * whatever the machine's load: a slow step on a busy machine is waited for, never overlapped by
 * the next one because it took long (a replayed schedule then takes its steps in the same order).
 * A step queued behind its actor's earlier step (a paused worker's next call) holds the schedule
 * until it starts, unless that earlier step waits for another worker (a lock: only a later step can
 * free it, so the schedule goes on). A step that neither ends nor is seen waiting for
 * {@link #UNSEEN_WAIT_MILLIS} is waiting somewhere the runner cannot see: the schedule goes on
 * around it. A {@link Step.Alone} step waits for every step before it and runs to its end before
 * the next.
 */
public final class StepRunner {
    /** How long a step may run without ending or being seen waiting before the next is handed out anyway. */
    public static final long UNSEEN_WAIT_MILLIS = 2_000;
    /** Thread-state polls in a row that must see the actor still (a momentary park is not a wait). */
    static final int STILL_POLLS = 3;
    /** Probe answers in a row that must say the actor waits (a lock held for a moment is not a wait). */
    static final int PROBE_CONFIRMATIONS = 3;
    static final long POLL_NANOS = TimeUnit.MICROSECONDS.toNanos(500);
    /** How often the {@link Waits} probe (a query) is asked, once a step has run this long. */
    static final long PROBE_EVERY_MILLIS = 10;
    static final long DRAIN_SECONDS = 20;

    /** What a step does when its actor takes it. */
    @FunctionalInterface
    public interface Action<S> {
        void run(S step) throws Exception;
    }

    /**
     * Whether an actor waits, now, where its thread's state does not show it: a worker whose
     * statement waits on another session's lock is running, as far as the JVM knows. The runner asks
     * every {@link #PROBE_EVERY_MILLIS} and believes {@link #PROBE_CONFIRMATIONS} answers in a row.
     */
    @FunctionalInterface
    public interface Waits {
        Waits NONE = actor -> false;

        boolean waiting(String actor) throws Exception;
    }

    private StepRunner() {
    }

    public static <S extends Step> void run(List<S> steps, Action<S> action) throws Exception {
        run(steps, action, Waits.NONE);
    }

    public static <S extends Step> void run(List<S> steps, Action<S> action, Waits waits) throws Exception {
        Map<String, ExecutorService> actors = new LinkedHashMap<>();
        Map<String, AtomicReference<Thread>> threads = new LinkedHashMap<>();
        List<Future<?>> started = new ArrayList<>();
        try {
            for (S step : steps) {
                if (step instanceof Step.Alone) {
                    awaitAll(started);
                }
                AtomicReference<Thread> thread = threads.computeIfAbsent(step.actor(), name -> new AtomicReference<>());
                ExecutorService actor = actors.computeIfAbsent(step.actor(), name -> Executors.newSingleThreadExecutor(
                        runnable -> {
                            Thread t = new Thread(runnable, name);
                            t.setDaemon(true);
                            thread.set(t);
                            return t;
                        }));
                Taken taken = new Taken();
                Future<?> future = actor.submit(() -> {
                    taken.started = true;
                    action.run(step);
                    return null;
                });
                started.add(future);
                try {
                    if (step instanceof Step.Alone) {
                        future.get(DRAIN_SECONDS, TimeUnit.SECONDS);
                    } else {
                        awaitEndOrWait(future, taken, thread, step.actor(), waits);
                    }
                } catch (TimeoutException stillRunning) {
                    // it waits: the schedule goes on around it
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

    /** Whether a step's body has begun (it may be queued behind its actor's previous step). */
    private static final class Taken {
        volatile boolean started;
    }

    /**
     * Returns when the step has ended or waits; throws {@link TimeoutException} when it waits (or
     * has run {@link #UNSEEN_WAIT_MILLIS} without either), so the caller hands out the next step.
     * While the step is queued behind its actor's earlier one, that one decides: running or asleep
     * (a pause, a call holding a permit for a while: it ends by itself) holds the schedule, so what
     * comes next always comes after; parked or blocked without a timeout, or waiting on a session's
     * lock, it waits for another worker, which only a later step can be, so the schedule goes on.
     */
    private static void awaitEndOrWait(Future<?> future, Taken taken, AtomicReference<Thread> thread, String actor,
                                       Waits waits) throws Exception {
        long start = System.nanoTime();
        long nextProbe = start + TimeUnit.MILLISECONDS.toNanos(PROBE_EVERY_MILLIS);
        boolean queued = !taken.started;
        int still = 0;
        int probed = 0;
        while (!future.isDone()) {
            if (queued && taken.started) {
                // its actor is free: from now on it is this step's own waits that count
                queued = false;
                start = System.nanoTime();
                still = 0;
                probed = 0;
            }
            Thread.State state = thread.get() == null ? Thread.State.RUNNABLE : thread.get().getState();
            boolean waitsOnAnother = state == Thread.State.WAITING || state == Thread.State.BLOCKED;
            still = waitsOnAnother || !queued && state == Thread.State.TIMED_WAITING ? still + 1 : 0;
            if (still >= STILL_POLLS) {
                throw new TimeoutException("waits in the JVM");
            }
            long now = System.nanoTime();
            if (now - nextProbe >= 0) {
                probed = waits.waiting(actor) ? probed + 1 : 0;
                if (probed >= PROBE_CONFIRMATIONS) {
                    throw new TimeoutException("waits on a lock");
                }
                nextProbe = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(PROBE_EVERY_MILLIS);
            }
            if (now - start >= TimeUnit.MILLISECONDS.toNanos(UNSEEN_WAIT_MILLIS)) {
                throw new TimeoutException("waits where the runner cannot see");
            }
            LockSupport.parkNanos(POLL_NANOS);
        }
        try {
            future.get();
        } catch (ExecutionException e) {
            // reported once every actor is done
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
