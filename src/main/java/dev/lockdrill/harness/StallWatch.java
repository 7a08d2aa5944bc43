package dev.lockdrill.harness;

import dev.lockdrill.history.StallRow;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Measures how long the machine stalled the check itself: a thread that only sleeps 5 ms at a
 * time, and notes every sleep that took much longer. The harness's waits do not count stalled
 * time against their budgets ({@link #deadline}), and the checks subtract it from every duration
 * they bound, so a loaded machine cannot make a correct bulkhead look slow — nor a slow one
 * escape, since the harness then waits longer too.
 */
public final class StallWatch implements AutoCloseable {
    static final long TICK_NANOS = TimeUnit.MILLISECONDS.toNanos(5);
    static final long NOTED_NANOS = TimeUnit.MILLISECONDS.toNanos(15);
    private final Recorder recorder;
    private final List<StallRow> stalls = new ArrayList<>();
    private final Thread watcher;
    private volatile boolean running = true;

    public StallWatch(Recorder recorder) {
        this.recorder = recorder;
        watcher = new Thread(this::watch, "stall-watch");
        watcher.setDaemon(true);
        watcher.start();
    }

    private void watch() {
        long before = recorder.now();
        while (running) {
            LockSupport.parkNanos(TICK_NANOS);
            long after = recorder.now();
            if (after - before > NOTED_NANOS) {
                synchronized (stalls) {
                    stalls.add(new StallRow(before + TICK_NANOS, after));
                }
            }
            before = after;
        }
    }

    /** Stalled nanoseconds within [from, to] (recorder time). */
    public long stalledBetween(long from, long to) {
        synchronized (stalls) {
            return StallRow.overlap(stalls, from, to);
        }
    }

    /** A budget of {@code millis} that the machine's stalls do not use up (at most 5 times as long in all). */
    public Deadline deadline(long millis) {
        return new Deadline(recorder.now(), TimeUnit.MILLISECONDS.toNanos(millis));
    }

    public List<StallRow> stalls() {
        synchronized (stalls) {
            return List.copyOf(stalls);
        }
    }

    @Override
    public void close() {
        running = false;
        watcher.interrupt();
    }

    /** A wait's budget, counted in time the machine actually ran. */
    public final class Deadline {
        private final long start;
        private final long budget;

        private Deadline(long start, long budget) {
            this.start = start;
            this.budget = budget;
        }

        public boolean passed() {
            long now = recorder.now();
            long wall = now - start;
            return wall >= 5 * budget + TimeUnit.SECONDS.toNanos(1) || wall - stalledBetween(start, now) >= budget;
        }
    }
}
