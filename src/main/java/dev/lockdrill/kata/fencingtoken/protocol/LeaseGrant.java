package dev.lockdrill.kata.fencingtoken.protocol;

import dev.lockdrill.history.Op;

import java.util.Map;

/** The harness's lease service: which lease a worker asked for, for how long, and the token it got. */
public record LeaseGrant(String lease, long ttlMs) {
    static final String LEASE = "lease";
    static final String TTL_MS = "ttlMs";
    static final String TOKEN = "token";
    static final String ATTEMPTS = "attempts";

    public Map<String, Object> toMap() {
        return Map.of(LEASE, lease, TTL_MS, ttlMs);
    }

    public static LeaseGrant of(Op acquire) {
        return new LeaseGrant(acquire.stringArg(LEASE), acquire.longArg(TTL_MS));
    }

    public static Map<String, Object> result(long token, int attempts) {
        return Map.of(TOKEN, token, ATTEMPTS, attempts);
    }

    /** The token an acquire that completed handed out. */
    public static Long token(Op acquire) {
        return acquire.longResult(TOKEN);
    }
}
