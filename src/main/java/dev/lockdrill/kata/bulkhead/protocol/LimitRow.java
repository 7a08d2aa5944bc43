package dev.lockdrill.kata.bulkhead.protocol;

import java.util.Map;

/** A dependency's configured maxConcurrentCalls. */
public record LimitRow(String dependency, int limit) {
    public Map<String, Object> toMap() {
        return Map.of("dependency", dependency, "limit", limit);
    }

    public static LimitRow of(Map<String, Object> row) {
        return new LimitRow(String.valueOf(row.get("dependency")), PermitRow.number(row, "limit"));
    }
}
