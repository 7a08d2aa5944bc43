package dev.lockdrill.kata.pglockservice.protocol;

import dev.lockdrill.history.Fields;
import dev.lockdrill.history.Op;

import java.util.Map;

/**
 * renew(lease, ttl) or release(lease): the lease the caller passed, and for a renew the TTL it asked
 * for (null, and not recorded, for a release).
 */
public record LeaseCall(String name, long token, String holder, Long ttlMs) {
    public static LeaseCall release(String name, long token, String holder) {
        return new LeaseCall(name, token, holder, null);
    }

    public Map<String, Object> toMap() {
        return Fields.of(this);
    }

    public static LeaseCall of(Op call) {
        return call.args(LeaseCall.class);
    }

    /** The lock name any lock call (acquire, renew, release) was about. */
    public static String nameOf(Op call) {
        return call.args(AcquireCall.class).name();
    }
}
