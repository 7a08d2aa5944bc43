package dev.lockdrill.kata.bulkhead.protocol;

import java.util.HashMap;
import java.util.Map;

/**
 * After a scenario: what {@code availablePermits} answered for a dependency (a number, or what it
 * threw), its limit, and how many works were still inside it.
 */
public record PermitRow(String dependency, int limit, Object available, int stillRunning) {
    public Map<String, Object> toMap() {
        Map<String, Object> row = new HashMap<>();
        row.put("dependency", dependency);
        row.put("limit", limit);
        row.put("available", available);
        row.put("stillRunning", stillRunning);
        return row;
    }

    public static PermitRow of(Map<String, Object> row) {
        return new PermitRow(String.valueOf(row.get("dependency")), number(row, "limit"), row.get("available"),
                number(row, "stillRunning"));
    }

    /** True when availablePermits answered the limit itself. */
    public boolean allBack() {
        return String.valueOf(available).equals(String.valueOf(limit));
    }

    static int number(Map<String, Object> row, String key) {
        return row.get(key) instanceof Number n ? n.intValue() : -1;
    }
}
