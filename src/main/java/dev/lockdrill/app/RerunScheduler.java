package dev.lockdrill.app;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Runs a job on one background thread, never two at once: a request while the job runs is
 * remembered as ONE more run after it, however many requests arrive (no queue of stale runs).
 */
final class RerunScheduler implements AutoCloseable {
    private final Runnable job;
    private final ExecutorService executor = Executors.newSingleThreadExecutor(r -> {
        Thread thread = new Thread(r, "lockdrill-watch-check");
        thread.setDaemon(true);
        return thread;
    });
    private boolean running;
    private boolean pending;

    RerunScheduler(Runnable job) {
        this.job = job;
    }

    /** Runs the job now, or once more after the current run if one is under way. */
    synchronized void request() {
        if (running) {
            pending = true;
            return;
        }
        running = true;
        executor.execute(this::drain);
    }

    private void drain() {
        while (true) {
            job.run();
            synchronized (this) {
                if (!pending || executor.isShutdown()) {
                    running = false;
                    notifyAll();
                    return;
                }
                pending = false;
            }
        }
    }

    /** Waits until no run is under way or due (for a clean quit at the end of input). */
    synchronized void awaitIdle() throws InterruptedException {
        while (running) {
            wait();
        }
    }

    /** Stops: a check under way is interrupted (its check process is killed), none is started. */
    @Override
    public void close() {
        executor.shutdownNow();
    }
}
