package dev.lockdrill.history;

import java.util.List;
import java.util.Map;

/**
 * A stretch of recorder time during which the machine stalled the check itself (a thread that
 * only sleeps 5 ms at a time overslept). Budgets judged by the checks do not count it.
 */
public record StallRow(long fromNanos, long toNanos) {
    public Map<String, Object> toMap() {
        return Fields.of(this);
    }

    public static StallRow of(Map<String, Object> row) {
        return Fields.as(row, StallRow.class);
    }

    /** How many nanoseconds of these stalls fall within [from, to]. */
    public static long overlap(List<StallRow> stalls, long from, long to) {
        long total = 0;
        for (StallRow stall : stalls) {
            long start = Math.max(from, stall.fromNanos);
            long end = Math.min(to, stall.toNanos);
            if (end > start) {
                total += end - start;
            }
        }
        return total;
    }
}
