package dev.lockdrill.cli;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/** "now", "in 10 minutes", "on 2026-12-03 (in 4 days)": when a drill is due, for people. */
final class Due {
    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("yyyy-MM-dd").withZone(ZoneOffset.UTC);

    private Due() {
    }

    static String when(Instant due, Instant now) {
        Duration d = Duration.between(now, due);
        if (d.isNegative() || d.isZero()) {
            return "now";
        }
        if (d.toMinutes() < 60) {
            return "in " + (d.toSeconds() + 59) / 60 + " min";
        }
        if (d.toHours() < 24) {
            return "in " + d.toHours() + " h";
        }
        return "on " + DATE.format(due) + " (in " + d.toDays() + " day" + (d.toDays() == 1 ? "" : "s") + ")";
    }
}
