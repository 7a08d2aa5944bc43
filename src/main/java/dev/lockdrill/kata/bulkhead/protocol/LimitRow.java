package dev.lockdrill.kata.bulkhead.protocol;

import java.util.Map;

/** A dependency's configured maxConcurrentCalls, and the scenario's callTimeout. */
public record LimitRow(String dependency, int limit, long callTimeoutMillis) {
    public Map<String, Object> toMap() {
        return Map.of("dependency", dependency, "limit", limit, "callTimeoutMillis", callTimeoutMillis);
    }

    public static LimitRow of(Map<String, Object> row) {
        return new LimitRow(String.valueOf(row.get("dependency")), PermitRow.number(row, "limit"),
                PermitRow.number(row, "callTimeoutMillis"));
    }
}
