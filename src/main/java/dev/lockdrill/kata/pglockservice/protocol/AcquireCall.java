package dev.lockdrill.kata.pglockservice.protocol;

import dev.lockdrill.history.Fields;
import dev.lockdrill.history.Op;

import java.util.Map;

/** tryAcquire(name, ttl): the lock's name and the time to live the caller asked for. */
public record AcquireCall(String name, long ttlMs) {
    public Map<String, Object> toMap() {
        return Fields.of(this);
    }

    public static AcquireCall of(Op acquire) {
        return acquire.args(AcquireCall.class);
    }
}
