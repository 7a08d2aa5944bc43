package dev.lockdrill.cli;

import dev.lockdrill.app.CheckProgress;
import dev.lockdrill.report.Style;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * One status line on stderr, rewritten in place, for interactive terminals only. While a stage lasts
 * the line is redrawn every second with the time it has taken ("cleaning up · 4s"), so a step that
 * waits (a compile under load, dropping a schema, a child JVM starting) shows its time passing
 * instead of a frozen line.
 */
final class ProgressLine implements CheckProgress {
    /** Calls {@code redraw} about every second until the returned handle is cancelled. */
    @FunctionalInterface
    interface Heartbeat {
        Runnable start(Runnable redraw);

        /** One daemon thread for every line of the process: a line is drawn only while a command runs. */
        Heartbeat EVERY_SECOND = redraw -> {
            ScheduledFuture<?> beat = Beats.SCHEDULER.scheduleAtFixedRate(redraw, 1, 1, TimeUnit.SECONDS);
            return () -> beat.cancel(false);
        };
    }

    private static final class Beats {
        static final ScheduledExecutorService SCHEDULER = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread thread = new Thread(r, "progress-line");
            thread.setDaemon(true);
            return thread;
        });
    }

    /** A stage shorter than this shows no time of its own: most stages are quick and the line stays short. */
    private static final long OWN_TIME_AFTER_NANOS = TimeUnit.SECONDS.toNanos(1);

    private final PrintWriter err;
    private final boolean interactive;
    private final Style style;
    private final int width;
    private final LongSupplier nanos;
    private final Heartbeat heartbeat;
    private final long start;
    private String stage;
    private long stageStart;
    private Runnable stopBeat;
    private boolean ended;

    ProgressLine(PrintWriter err, boolean interactive, Style style) {
        this(err, interactive, style, 80);
    }

    /** A line cut to {@code width} - 1 columns: a line as wide as the terminal wraps, and the next rewrite leaves debris. */
    ProgressLine(PrintWriter err, boolean interactive, Style style, int width) {
        this(err, interactive, style, width, System::nanoTime, Heartbeat.EVERY_SECOND);
    }

    ProgressLine(PrintWriter err, boolean interactive, Style style, int width, LongSupplier nanos,
                 Heartbeat heartbeat) {
        this.err = err;
        this.interactive = interactive;
        this.style = style;
        this.width = Math.max(20, width);
        this.nanos = nanos;
        this.heartbeat = heartbeat;
        this.start = nanos.getAsLong();
    }

    @Override
    public synchronized void stage(String message) {
        if (!interactive || ended) {
            return;
        }
        if (!message.equals(stage)) {
            stage = message;
            stageStart = nanos.getAsLong();
        }
        if (stopBeat == null) {
            stopBeat = heartbeat.start(this::redraw);
        }
        draw();
    }

    /** What the heartbeat calls: the current stage again, with the time that has passed. */
    synchronized void redraw() {
        if (stage != null && !ended) {
            draw();
        }
    }

    private void draw() {
        long now = nanos.getAsLong();
        String elapsed = String.format(Locale.ROOT, "%5.1fs", (now - start) / 1e9);
        long own = now - stageStart;
        String suffix = own >= OWN_TIME_AFTER_NANOS ? " · " + TimeUnit.NANOSECONDS.toSeconds(own) + "s" : "";
        // the stage's own time is what shows it is alive: the message is cut, never the time
        int room = width - 1 - elapsed.length() - 2 - suffix.length();
        String message = stage;
        if (message.codePointCount(0, message.length()) > room) {
            message = message.substring(0, message.offsetByCodePoints(0, Math.max(0, room - 1))) + "…";
        }
        err.print("\r\u001b[K" + style.dim(elapsed + "  " + message + suffix));
        err.flush();
    }

    synchronized void clear() {
        stopBeating();
        stage = null;
        if (interactive) {
            err.print("\r\u001b[K");
            err.flush();
        }
    }

    /** Clears the line for good: what the command still does (cleaning up after Ctrl-C) is not shown. */
    synchronized void end() {
        clear();
        ended = true;
    }

    private void stopBeating() {
        if (stopBeat != null) {
            stopBeat.run();
            stopBeat = null;
        }
    }
}
