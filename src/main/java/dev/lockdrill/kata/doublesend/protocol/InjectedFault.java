package dev.lockdrill.kata.doublesend.protocol;

import dev.lockdrill.history.Fields;

import java.util.Map;

/**
 * A provider fault the harness injected on one notification, as the checks count them;
 * {@code request}: the provider ledger's seq of the request it struck, 0 when the request never
 * reached the provider (so the fault follows its request if that request is found to be another
 * identical notification's; an absent request reads as 0).
 */
public record InjectedFault(long notification, String fault, String worker, long request) {

    public InjectedFault(long notification, String fault, String worker) {
        this(notification, fault, worker, 0);
    }

    public Map<String, Object> toMap() {
        return Fields.of(this);
    }

    public InjectedFault on(long otherNotification) {
        return new InjectedFault(otherNotification, fault, worker, request);
    }

    public static InjectedFault of(Map<String, Object> row) {
        return Fields.as(row, InjectedFault.class);
    }
}
