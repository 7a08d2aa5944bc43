package dev.lockdrill.drill;

import dev.lockdrill.support.LockdrillException;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The answering phase under a countdown. Spoken: the time left ticks on the status line (once a
 * second) until Enter or time is up; a dumb terminal gets the time at start and end instead.
 * Typed: lines until an empty one, each prompt showing the time left.
 */
final class AnswerTimer {
    private static final int CTRL_C = 3;
    /** How the answer ended; {@code text} is null for a spoken answer. */
    record Answer(boolean timedOut, Duration used, String text) {
    }

    private final DrillConsole console;
    private final Clock clock;

    AnswerTimer(DrillConsole console, Clock clock) {
        this.console = console;
        this.clock = clock;
    }

    Answer spoken(Duration limit) {
        Countdown countdown = new Countdown(clock, limit);
        console.out().println("You have " + Countdown.format(limit) + ". Answer aloud, then press Enter.");
        console.out().flush();
        boolean timedOut = false;
        console.keys(true);
        try {
            while (true) {
                Duration left = countdown.remaining();
                if (left.isZero()) {
                    timedOut = true;
                    break;
                }
                console.status("⏱ " + Countdown.format(left) + " left — answer aloud, Enter when done");
                int key = console.readKey(Math.max(1, Math.min(1000, left.toMillis())));
                if (key == CTRL_C) {
                    throw LockdrillException.usage(DrillSession.STOPPED);
                }
                if (key == '\n' || key == '\r' || key == DrillConsole.EOF) {
                    break;
                }
            }
        } finally {
            console.keys(false);
            console.clearStatus();
        }
        report(countdown, timedOut);
        return new Answer(timedOut, countdown.elapsed(), null);
    }

    Answer typed(Duration limit) {
        Countdown countdown = new Countdown(clock, limit);
        console.out().println("You have " + Countdown.format(limit) + ". Type your answer; an empty line ends it.");
        console.out().flush();
        List<String> lines = new ArrayList<>();
        while (true) {
            String line = console.readLine("[" + Countdown.format(countdown.remaining()) + "] > ");
            if (line == null || line.isBlank()) {
                break;
            }
            lines.add(line);
        }
        boolean timedOut = countdown.expired();
        report(countdown, timedOut);
        return new Answer(timedOut, countdown.elapsed(), String.join("\n", lines));
    }

    private void report(Countdown countdown, boolean timedOut) {
        if (timedOut) {
            console.out().println("Time is up: " + Countdown.format(countdown.limit()) + " used"
                    + (countdown.elapsed().toSeconds() > countdown.limit().toSeconds()
                    ? " (you took " + Countdown.format(countdown.elapsed()) + ")" : "") + ".");
        } else {
            console.out().println("Answered in " + Countdown.format(countdown.elapsed()) + ", "
                    + Countdown.format(countdown.remaining()) + " left.");
        }
        console.out().flush();
    }
}
