package dev.lockdrill.kata.doublesend.protocol;

import java.util.Map;

/** A provider fault the harness injected on one notification, as the checks count them. */
public record InjectedFault(long notification, String fault, String worker) {

    public Map<String, Object> toMap() {
        return Map.of("notification", notification, "fault", fault, "worker", worker);
    }

    public static InjectedFault of(Map<String, Object> row) {
        return new InjectedFault(((Number) row.get("notification")).longValue(), (String) row.get("fault"),
                (String) row.get("worker"));
    }
}
