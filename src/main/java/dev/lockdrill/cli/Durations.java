package dev.lockdrill.cli;

import dev.lockdrill.support.LockdrillException;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads a duration as a person types it: {@code 90}, {@code 90s}, {@code 2m}, {@code 1m30s}, {@code 1h}. */
final class Durations {
    private static final Pattern PART = Pattern.compile("(\\d+)([hms]?)");
    static final Duration MAX = Duration.ofHours(24);

    private Durations() {
    }

    static Duration parse(String option, String text) {
        String compact = text.trim().toLowerCase();
        Matcher matcher = PART.matcher(compact);
        Duration total = Duration.ZERO;
        int end = 0;
        while (matcher.find() && matcher.start() == end) {
            long n = Long.parseLong(matcher.group(1).length() > 9 ? "999999999" : matcher.group(1));
            total = total.plus(switch (matcher.group(2)) {
                case "h" -> Duration.ofHours(n);
                case "m" -> Duration.ofMinutes(n);
                default -> Duration.ofSeconds(n);
            });
            end = matcher.end();
            if (matcher.group(2).isEmpty()) {
                break;
            }
        }
        if (compact.isEmpty() || end != compact.length()) {
            throw LockdrillException.usage(option + " takes a duration such as 60, 90s, 2m or 1m30s, not '"
                    + text + "'.");
        }
        if (total.isZero() || total.compareTo(MAX) > 0) {
            throw LockdrillException.usage(option + " must be between 1 second and 24 hours, not '" + text + "'.");
        }
        return total;
    }
}
