package dev.lockdrill.support;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A one-shot command cut short by a signal (SIGTERM, SIGHUP) says how it ended before the JVM
 * halts. The JVM halts as soon as its shutdown hooks are done, and the hooks are what end the
 * check (they stop its processes), so the command's last sentence raced the halt and was
 * sometimes never printed. A hook that must not outrun it waits here, a few seconds at most.
 */
public final class LastWords {
    private static volatile CountDownLatch expected;

    private LastWords() {
    }

    /** A command is about to run whose last words are worth waiting for (a one-shot command, not the REPL). */
    public static void expect() {
        expected = new CountDownLatch(1);
    }

    /** The command has printed (and flushed) how it ended. */
    public static void said() {
        CountDownLatch latch = expected;
        if (latch != null) {
            latch.countDown();
        }
    }

    /** From a shutdown hook: waits until the command has said how it ended, at most {@code millis}. */
    public static void await(long millis) {
        CountDownLatch latch = expected;
        if (latch == null) {
            return;
        }
        try {
            latch.await(millis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
