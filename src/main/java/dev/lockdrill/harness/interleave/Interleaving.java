package dev.lockdrill.harness.interleave;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * One controlled interleaving of a few workers calling a learner's object whose classes were loaded
 * with yield points ({@link YieldingClassLoader}). Only one worker runs at a time: the workers have a
 * priority (the order they were added in), and once every worker has stopped at a yield point,
 * finished or blocked (on a lock another worker holds), the highest-priority worker at a yield point
 * goes on. The first worker is preempted once, at its {@code preemptAt}-th yield point: from there it
 * has the lowest priority, so the others run their calls in between. A scenario that tries every
 * preemption point of the first worker meets every race one preemption can show (Musuvathi and
 * Qadeer's bounded preemption: most concurrency bugs need one or two), in the same steps on a quiet
 * machine and on a busy one.
 */
public final class Interleaving {
    private static final ThreadLocal<Worker> CURRENT = new ThreadLocal<>();
    private static final int STEP_LIMIT = 20_000;
    private static final long STALL_NANOS = TimeUnit.SECONDS.toNanos(5);
    private static final long BLOCKED_NANOS = TimeUnit.MILLISECONDS.toNanos(200);
    /** Polls that give the processor away (a step is usually a few microseconds) before sleeping between polls. */
    private static final int SPINS = 200;

    /** One decision of the scheduler: {@code worker} went on from yield point {@code at}. */
    public record Step(int index, String worker, String at) {
    }

    /**
     * The steps taken, how many yield points the first worker passed (the preemption points there are
     * to try), and why the schedule stopped early if it did (a deadlock, a worker that never yields).
     */
    public record Outcome(List<Step> steps, int firstWorkerYields, Optional<String> stuck) {
    }

    private final int preemptAt;
    private final Object lock = new Object();
    private final List<Worker> workers = new ArrayList<>();
    private volatile boolean abandoned;

    /** A schedule that preempts the first worker at its {@code preemptAt}-th yield point (0: never). */
    public Interleaving(int preemptAt) {
        this.preemptAt = preemptAt;
    }

    /** Called by the injected yield points: a worker of a running interleaving waits for its turn. */
    public static void reached(String at) {
        Worker worker = CURRENT.get();
        if (worker != null) {
            worker.pause(at);
        }
    }

    /** A worker that will run {@code body} (its calls into the learner's object) under this schedule. */
    public void add(String name, Runnable body) {
        workers.add(new Worker(name, body));
    }

    /** Runs the workers to the end, one step at a time, and returns the steps in order. */
    public Outcome run() throws InterruptedException {
        for (Worker worker : workers) {
            worker.thread.start();
        }
        List<Worker> priority = new ArrayList<>(workers);
        Worker first = workers.get(0);
        int firstYields = 0;
        List<Step> steps = new ArrayList<>();
        while (true) {
            Optional<List<Worker>> settled = settle();
            if (settled.isEmpty()) {
                return abandon(steps, firstYields, "a worker ran " + TimeUnit.NANOSECONDS.toSeconds(STALL_NANOS)
                        + " s without reaching a yield point (a busy loop outside the breaker's fields?)");
            }
            List<Worker> ready = settled.get();
            if (ready.isEmpty()) {
                List<String> blocked = workers.stream().filter(w -> !w.done).map(Worker::waitingIn).toList();
                return blocked.isEmpty() ? new Outcome(steps, firstYields, Optional.empty())
                        : abandon(steps, firstYields, "deadlock: " + String.join("; ", blocked));
            }
            if (steps.size() >= STEP_LIMIT) {
                return abandon(steps, firstYields, "more than " + STEP_LIMIT + " steps (a livelock?)");
            }
            Worker next = priority.stream().filter(ready::contains).findFirst().orElseThrow();
            if (next == first && ++firstYields == preemptAt && ready.size() > 1) {
                priority.remove(first);
                priority.add(first);
                next = priority.stream().filter(ready::contains).findFirst().orElseThrow();
            }
            synchronized (lock) {
                steps.add(new Step(steps.size() + 1, next.name, next.at));
                next.go = true;
                lock.notifyAll();
            }
        }
    }

    /**
     * Waits until no worker is running: each is at a yield point, done, or blocked in the learner's
     * code (a blocked one seen so on two polls in a row, and, when none is at a yield point, for {@link #BLOCKED_NANOS},
     * as a worker may wait for a thread of the learner's own that is still working); returns those at a
     * yield point, or nothing if a worker kept running too long.
     */
    private Optional<List<Worker>> settle() throws InterruptedException {
        long deadline = System.nanoTime() + STALL_NANOS;
        List<Worker> previous = null;
        long allBlockedSince = 0;
        int polls = 0;
        while (System.nanoTime() < deadline) {
            List<Worker> ready = new ArrayList<>();
            boolean settled = true;
            boolean anyBlocked = false;
            synchronized (lock) {
                for (Worker worker : workers) {
                    if (worker.done) {
                        continue;
                    }
                    if (worker.at != null && !worker.go) {
                        ready.add(worker);
                    } else if (worker.go || worker.entering || !blocked(worker.thread)) {
                        settled = false;
                    } else {
                        anyBlocked = true;
                    }
                }
            }
            if (!settled) {
                previous = null;
                allBlockedSince = 0;
            } else if (!anyBlocked) {
                // every worker still going waits at a yield point (at and go change together, under
                // the lock): nothing can move until the scheduler says so, no second look needed
                return Optional.of(ready);
            } else if (ready.isEmpty() && anyBlocked) {
                long now = System.nanoTime();
                allBlockedSince = allBlockedSince == 0 ? now : allBlockedSince;
                if (now - allBlockedSince >= BLOCKED_NANOS) {
                    return Optional.of(ready);
                }
            } else if (ready.equals(previous)) {
                return Optional.of(ready);
            } else {
                previous = ready;
            }
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
            if (++polls < SPINS) {
                Thread.yield();
            } else {
                LockSupport.parkNanos(20_000);
            }
        }
        return Optional.empty();
    }

    private static boolean blocked(Thread thread) {
        Thread.State state = thread.getState();
        return state == Thread.State.BLOCKED || state == Thread.State.WAITING || state == Thread.State.TIMED_WAITING;
    }

    /** Lets every worker run free (they are daemons) and reports why the schedule stopped. */
    private Outcome abandon(List<Step> steps, int firstYields, String why) {
        synchronized (lock) {
            abandoned = true;
            lock.notifyAll();
        }
        return new Outcome(steps, firstYields, Optional.of(why));
    }

    private final class Worker {
        private final String name;
        private final Thread thread;
        private volatile String at;
        private volatile boolean go;
        private volatile boolean entering;
        private volatile boolean done;

        Worker(String name, Runnable body) {
            this.name = name;
            this.thread = new Thread(() -> {
                CURRENT.set(this);
                try {
                    pause("starts");
                    body.run();
                } finally {
                    CURRENT.remove();
                    synchronized (lock) {
                        done = true;
                        lock.notifyAll();
                    }
                }
            }, name);
            this.thread.setDaemon(true);
        }

        /** Where a worker that is neither running nor at a yield point waits, for a deadlock report. */
        String waitingIn() {
            StackTraceElement[] frames = thread.getStackTrace();
            String where = frames.length == 0 ? "?" : frames[0].getClassName() + "." + frames[0].getMethodName();
            for (StackTraceElement frame : frames) {
                if (frame.getClassName().startsWith("katas.")) {
                    where = where + " from " + frame.getClassName() + "." + frame.getMethodName() + ":"
                            + frame.getLineNumber();
                    break;
                }
            }
            return name + " " + thread.getState() + " in " + where;
        }

        void pause(String where) {
            if (abandoned) {
                return;
            }
            entering = true;
            synchronized (lock) {
                at = where;
                entering = false;
                lock.notifyAll();
                while (!go && !abandoned) {
                    try {
                        lock.wait();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        break;
                    }
                }
                go = false;
                at = null;
            }
        }
    }
}
