package dev.lockdrill.cli;

import dev.lockdrill.app.CheckProgress;
import dev.lockdrill.report.Style;

import java.io.PrintWriter;
import java.util.Locale;

/** One status line on stderr, rewritten in place, for interactive terminals only. */
final class ProgressLine implements CheckProgress {
    private final PrintWriter err;
    private final boolean interactive;
    private final Style style;
    private final int width;
    private final long start = System.nanoTime();
    private boolean ended;

    ProgressLine(PrintWriter err, boolean interactive, Style style) {
        this(err, interactive, style, 80);
    }

    /** A line cut to {@code width} - 1 columns: a line as wide as the terminal wraps, and the next rewrite leaves debris. */
    ProgressLine(PrintWriter err, boolean interactive, Style style, int width) {
        this.err = err;
        this.interactive = interactive;
        this.style = style;
        this.width = Math.max(20, width);
    }

    @Override
    public synchronized void stage(String message) {
        if (!interactive || ended) {
            return;
        }
        String elapsed = String.format(Locale.ROOT, "%5.1fs", (System.nanoTime() - start) / 1e9);
        String line = elapsed + "  " + message;
        if (line.codePointCount(0, line.length()) > width - 1) {
            line = line.substring(0, line.offsetByCodePoints(0, width - 2)) + "…";
        }
        err.print("\r\u001b[K" + style.dim(line));
        err.flush();
    }

    synchronized void clear() {
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
}
