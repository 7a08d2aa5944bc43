package dev.lockdrill.kata.doublesend.protocol;

import java.util.Map;

/**
 * A provider fault the harness injected on one notification, as the checks count them;
 * {@code request}: the provider ledger's seq of the request it struck, 0 when the request never
 * reached the provider (so the fault follows its request if that request is found to be another
 * identical notification's).
 */
public record InjectedFault(long notification, String fault, String worker, long request) {

    public InjectedFault(long notification, String fault, String worker) {
        this(notification, fault, worker, 0);
    }

    public Map<String, Object> toMap() {
        return Map.of("notification", notification, "fault", fault, "worker", worker, "request", request);
    }

    public InjectedFault on(long otherNotification) {
        return new InjectedFault(otherNotification, fault, worker, request);
    }

    public static InjectedFault of(Map<String, Object> row) {
        Object request = row.get("request");
        return new InjectedFault(((Number) row.get("notification")).longValue(), (String) row.get("fault"),
                (String) row.get("worker"), request == null ? 0 : ((Number) request).longValue());
    }
}
