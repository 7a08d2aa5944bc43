package dev.lockdrill.kata.pglockservice.protocol;

import dev.lockdrill.history.Op;

import java.util.LinkedHashMap;
import java.util.Map;

/** renew(lease, ttl) or release(lease): the lease the caller passed, and for a renew the TTL it asked for. */
public record LeaseCall(String name, long token, String holder, Long ttlMs) {
    static final String HOLDER = "holder";
    static final String TOKEN = "token";

    public static LeaseCall release(String name, long token, String holder) {
        return new LeaseCall(name, token, holder, null);
    }

    public Map<String, Object> toMap() {
        Map<String, Object> args = new LinkedHashMap<>();
        if (ttlMs != null) {
            args.put(AcquireCall.TTL_MS, ttlMs);
        }
        args.put(AcquireCall.NAME, name);
        args.put(TOKEN, token);
        args.put(HOLDER, holder);
        return args;
    }

    public static LeaseCall of(Op call) {
        Object ttl = call.args().get(AcquireCall.TTL_MS);
        return new LeaseCall(call.stringArg(AcquireCall.NAME), call.longArg(TOKEN), call.stringArg(HOLDER),
                ttl == null ? null : ((Number) ttl).longValue());
    }

    /** The lock name any lock call (acquire, renew, release) was about. */
    public static String nameOf(Op call) {
        return call.stringArg(AcquireCall.NAME);
    }
}
