package dev.lockdrill.harness.interleave;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
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
    /**
     * How long the scheduler sleeps between two looks while a worker runs. A worker that reaches a yield
     * point or ends wakes it at once, so this only bounds how late a worker blocked in the learner's code
     * (on a lock another worker holds) is noticed.
     */
    private static final long RUNNING_POLL_NANOS = TimeUnit.MICROSECONDS.toNanos(200);
    /** The pause before the second look that confirms a worker blocked in the learner's code. */
    private static final long CONFIRM_POLL_NANOS = TimeUnit.MICROSECONDS.toNanos(20);

    /** One decision of the scheduler: {@code worker} went on from yield point {@code at}. */
    public record Step(int index, String worker, String at) {
    }

    /**
     * The steps taken, how many yield points the first worker passed (the preemption points there are
     * to try), why the schedule stopped early if it did (a deadlock, a worker that never yields), and
     * whether the preemption was missed: the first worker reached its point while no other worker
     * waited at a yield point, yet some had not ended (each was blocked: on a class another thread was
     * loading, on a lock of the learner's pool), so it went on and the schedule is not the one asked
     * for. A scenario built on that preemption tries it again or says unknown, never counts it as
     * tried. (With every other worker ended there is nothing to preempt for: not a miss.)
     */
    public record Outcome(List<Step> steps, int firstWorkerYields, Optional<String> stuck, boolean preemptionMissed) {
    }

    private final int preemptAt;
    private final Object lock = new Object();
    private final List<Worker> workers = new ArrayList<>();
    /** The workers from the highest priority to the lowest; guarded by {@link #lock}, as are the two below. */
    private final List<Worker> priority = new ArrayList<>();
    private final List<Step> steps = new ArrayList<>();
    private int firstYields;
    private boolean preemptionMissed;
    private volatile boolean abandoned;
    /** The thread that runs the schedule: workers wake it when they reach a yield point or end. */
    private volatile Thread scheduler;
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

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
        scheduler = Thread.currentThread();
        synchronized (lock) {
            priority.addAll(workers);
        }
        for (Worker worker : workers) {
            worker.thread.start();
        }
        Worker first = workers.get(0);
        while (true) {
            Optional<List<Worker>> settled = settle();
            if (settled.isEmpty()) {
                return abandon("a worker ran " + TimeUnit.NANOSECONDS.toSeconds(STALL_NANOS)
                        + " s without reaching a yield point (a busy loop outside the breaker's fields?)");
            }
            List<Worker> ready = settled.get();
            if (ready.isEmpty()) {
                List<String> blocked = workers.stream().filter(w -> !w.done).map(Worker::waitingIn).toList();
                if (!blocked.isEmpty()) {
                    return abandon("deadlock: " + String.join("; ", blocked));
                }
                synchronized (lock) {
                    return new Outcome(List.copyOf(steps), firstYields, Optional.empty(), preemptionMissed);
                }
            }
            Worker next;
            synchronized (lock) {
                if (steps.size() >= STEP_LIMIT) {
                    next = null;
                } else {
                    next = priority.stream().filter(ready::contains).findFirst().orElseThrow();
                    if (next == first && ++firstYields == preemptAt) {
                        if (ready.size() > 1) {
                            priority.remove(first);
                            priority.add(first);
                            next = priority.stream().filter(ready::contains).findFirst().orElseThrow();
                        } else {
                            preemptionMissed = workers.stream().anyMatch(w -> w != first && !w.done);
                        }
                    }
                    steps.add(new Step(steps.size() + 1, next.name, next.at));
                    next.go = true;
                }
            }
            if (next == null) {
                return abandon("more than " + STEP_LIMIT + " steps (a livelock?)");
            }
            // only the worker let go is woken: the others stay parked at their yield points
            LockSupport.unpark(next.thread);
        }
    }

    /**
     * Whether {@code worker}, running alone, may pass yield point {@code at} without stopping: when every
     * other worker is parked at a yield point or done (none is running or blocked, so nothing can change
     * while it goes on) and the scheduler would let this same worker go on from there (it has the highest
     * priority and this is not where the first worker is preempted). The step is recorded as the
     * scheduler would record it. This saves two thread wake-ups per step, which on a busy machine cost
     * more than the step, and decides nothing the scheduler would decide otherwise. Called under
     * {@link #lock}.
     */
    private boolean goesOnAlone(Worker worker, String at) {
        if (priority.isEmpty() || steps.size() >= STEP_LIMIT) {
            return false;
        }
        int ready = 1;
        for (Worker other : workers) {
            if (other == worker || other.done) {
                continue;
            }
            if (other.at == null || other.go) {
                return false;
            }
            ready++;
        }
        Worker top = priority.stream().filter(w -> w == worker || !w.done).findFirst().orElseThrow();
        if (top != worker || worker == workers.get(0) && firstYields + 1 == preemptAt && ready > 1) {
            return false;
        }
        if (worker == workers.get(0)) {
            firstYields++;
        }
        steps.add(new Step(steps.size() + 1, worker.name, at));
        return true;
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
            // a worker wakes this thread when it reaches a yield point or ends (a handoff, not a poll), so a
            // step costs two wake-ups, not a spin that takes the processor from the worker it waits for
            LockSupport.parkNanos(this, settled ? CONFIRM_POLL_NANOS : RUNNING_POLL_NANOS);
        }
        return Optional.empty();
    }

    /**
     * Called with {@link #lock} held. Whether a worker off its yield points waits on something only a
     * worker (or time) can end: a sleep, a future, a queue, a lock a worker holds. A monitor or lock
     * held by a thread outside the schedule (the harness's event sink, which the calls' own work writes
     * to from the learner's pool; a pool's queue lock) is let go without any worker moving, so a worker
     * blocked on one is still moving. Taking it for blocked let the preempted worker act before the
     * third caller reached its check on a saturated machine, and a check-then-act passed.
     */
    private boolean blocked(Thread thread) {
        Thread.State state = thread.getState();
        if (state != Thread.State.BLOCKED && state != Thread.State.WAITING && state != Thread.State.TIMED_WAITING) {
            return false;
        }
        ThreadInfo info = THREADS.getThreadInfo(thread.getId());
        if (info == null) {
            return false; // it has ended since
        }
        long owner = info.getLockOwnerId();
        if (owner < 0) {
            return true;
        }
        return workers.stream().anyMatch(worker -> worker.thread.getId() == owner);
    }

    /** Lets every worker run free (they are daemons) and reports why the schedule stopped. */
    private Outcome abandon(String why) {
        Outcome outcome;
        synchronized (lock) {
            abandoned = true;
            outcome = new Outcome(List.copyOf(steps), firstYields, Optional.of(why), preemptionMissed);
        }
        workers.forEach(worker -> LockSupport.unpark(worker.thread));
        return outcome;
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
                    }
                    wakeScheduler();
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
                entering = false;
                if (goesOnAlone(this, where)) {
                    return;
                }
                at = where;
            }
            wakeScheduler();
            while (!go && !abandoned) {
                LockSupport.park(this);
                if (Thread.currentThread().isInterrupted()) {
                    break;
                }
            }
            synchronized (lock) {
                go = false;
                at = null;
            }
        }

        private void wakeScheduler() {
            Thread thread = scheduler;
            if (thread != null) {
                LockSupport.unpark(thread);
            }
        }
    }
}
