package dev.lockdrill.app;

import dev.lockdrill.catalog.Workbook;

import java.time.Duration;

/**
 * Watch mode: re-checks a kata whenever a file in its folder is saved (debounced; saves during a
 * check cause one re-check after it), or on request. The screen learns of each check through a
 * {@link WatchListener}; the checker is injected so the timing logic is testable without PostgreSQL.
 */
public final class KataWatch implements AutoCloseable {
    public static final Duration QUIET = Duration.ofMillis(200);
    private final Workbook workbook;
    private final KataChecker checker;
    private final WatchListener listener;
    private final Duration quiet;
    private final RerunScheduler scheduler = new RerunScheduler(this::checkOnce);
    private FileChangeWatcher files;
    private String kata;
    private boolean closed;

    public KataWatch(Workbook workbook, KataChecker checker, WatchListener listener, Duration quiet) {
        this.workbook = workbook;
        this.checker = checker;
        this.listener = listener;
        this.quiet = quiet;
    }

    /** Watches this kata from now on (its folder's files too unless {@code manual}) and checks it at once. */
    public void watch(String id, boolean manual) {
        synchronized (this) {
            if (files != null) {
                files.close();
                files = null;
            }
            kata = id;
            if (!manual) {
                files = new FileChangeWatcher(workbook.kata(id), quiet, scheduler::request);
            }
        }
        scheduler.request();
    }

    /** Checks again now, or once more right after the check under way. */
    public void rerun() {
        scheduler.request();
    }

    public synchronized String kata() {
        return kata;
    }

    /** Waits for the check under way (and one requested during it) to finish. */
    public void awaitIdle() throws InterruptedException {
        scheduler.awaitIdle();
    }

    private void checkOnce() {
        String id = kata();
        if (isClosed()) {
            return;
        }
        listener.checking(id);
        try {
            var result = checker.check(id, listener);
            if (!isClosed()) {
                listener.checked(id, result);
            }
        } catch (RuntimeException e) {
            if (!isClosed()) {
                listener.failed(id, e);
            }
        }
    }

    private synchronized boolean isClosed() {
        return closed;
    }

    @Override
    public void close() {
        synchronized (this) {
            closed = true;
            if (files != null) {
                files.close();
            }
        }
        scheduler.close();
    }
}
