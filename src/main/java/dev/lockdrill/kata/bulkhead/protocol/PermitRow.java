package dev.lockdrill.kata.bulkhead.protocol;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * What {@code availablePermits} answered for a dependency (a number, or what it threw), its limit,
 * how many works were inside it at that moment, and when it was asked: once every call had ended
 * ({@link Phase#QUIESCENT}), or while hung works filled it and nothing else was in transit
 * ({@link Phase#FULL}).
 */
public record PermitRow(String dependency, int limit, Object available, int stillRunning, Phase phase) {
    public enum Phase {
        QUIESCENT, FULL;

        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public Map<String, Object> toMap() {
        Map<String, Object> row = new HashMap<>();
        row.put("dependency", dependency);
        row.put("limit", limit);
        row.put("available", available);
        row.put("stillRunning", stillRunning);
        row.put("phase", phase.label());
        return row;
    }

    public static PermitRow of(Map<String, Object> row) {
        return new PermitRow(String.valueOf(row.get("dependency")), number(row, "limit"), row.get("available"),
                number(row, "stillRunning"),
                Phase.FULL.label().equals(row.get("phase")) ? Phase.FULL : Phase.QUIESCENT);
    }

    /** What availablePermits should have answered: the limit less the works inside. */
    public int due() {
        return phase == Phase.QUIESCENT ? limit : Math.max(0, limit - stillRunning);
    }

    public boolean asDue() {
        return String.valueOf(available).equals(String.valueOf(due()));
    }

    static int number(Map<String, Object> row, String key) {
        return row.get(key) instanceof Number n ? n.intValue() : -1;
    }
}
