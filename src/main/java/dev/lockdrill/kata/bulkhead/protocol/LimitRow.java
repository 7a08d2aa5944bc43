package dev.lockdrill.kata.bulkhead.protocol;

import dev.lockdrill.history.Fields;

import java.util.Map;

/** A dependency's configured maxConcurrentCalls, and the scenario's callTimeout (-1 when absent). */
public record LimitRow(String dependency, @Fields.NoneWhenAbsent int limit,
                       @Fields.NoneWhenAbsent long callTimeoutMillis) {
    public Map<String, Object> toMap() {
        return Fields.of(this);
    }

    public static LimitRow of(Map<String, Object> row) {
        return Fields.as(row, LimitRow.class);
    }
}
