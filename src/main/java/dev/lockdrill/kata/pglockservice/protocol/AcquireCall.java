package dev.lockdrill.kata.pglockservice.protocol;

import dev.lockdrill.history.Op;

import java.util.LinkedHashMap;
import java.util.Map;

/** tryAcquire(name, ttl): the lock's name and the time to live the caller asked for. */
public record AcquireCall(String name, long ttlMs) {
    static final String NAME = "name";
    static final String TTL_MS = "ttlMs";

    public Map<String, Object> toMap() {
        Map<String, Object> args = new LinkedHashMap<>();
        args.put(NAME, name);
        args.put(TTL_MS, ttlMs);
        return args;
    }

    public static AcquireCall of(Op acquire) {
        return new AcquireCall(acquire.stringArg(NAME), acquire.longArg(TTL_MS));
    }
}
