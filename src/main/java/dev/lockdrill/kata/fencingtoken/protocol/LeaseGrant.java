package dev.lockdrill.kata.fencingtoken.protocol;

import dev.lockdrill.history.Fields;
import dev.lockdrill.history.Op;

import java.util.Map;

/** The harness's lease service: which lease a worker asked for, for how long, and the token it got. */
public record LeaseGrant(String lease, long ttlMs) {
    /** What an acquire that completed answered: the token, and how many tries it took. */
    public record Granted(Long token, int attempts) {
    }

    public Map<String, Object> toMap() {
        return Fields.of(this);
    }

    public static LeaseGrant of(Op acquire) {
        return acquire.args(LeaseGrant.class);
    }

    public static Map<String, Object> result(long token, int attempts) {
        return Fields.of(new Granted(token, attempts));
    }

    /** The token an acquire that completed handed out; null for one that did not. */
    public static Long token(Op acquire) {
        return acquire.result(Granted.class).token();
    }
}
