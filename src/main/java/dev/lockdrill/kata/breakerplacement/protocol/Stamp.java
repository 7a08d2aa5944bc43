package dev.lockdrill.kata.breakerplacement.protocol;

import dev.lockdrill.history.Op;

import java.util.HashMap;
import java.util.Map;

/**
 * The fields every emitter op carries: the event it is about and its key "platform/credential"
 * (both null for an op outside any emit), the virtual time in ms, and the drain round (0 = the
 * first pass, 1..3 = deferred events handed back).
 */
public record Stamp(String event, String key, long tick, String round) {
    static final String EVENT = "event";
    static final String KEY = "key";
    static final String TICK = "tick";
    static final String ROUND = "round";

    public static String key(String platform, String credential) {
        return platform + "/" + credential;
    }

    public Map<String, Object> toMap() {
        Map<String, Object> args = new HashMap<>();
        if (event != null) {
            args.put(EVENT, event);
            args.put(KEY, key);
        }
        args.put(TICK, tick);
        args.put(ROUND, round);
        return args;
    }

    /** The stamp plus an op's own fields. */
    public Map<String, Object> with(Map<String, Object> fields) {
        Map<String, Object> args = toMap();
        args.putAll(fields);
        return args;
    }

    public static Stamp of(Op op) {
        return new Stamp(op.stringArg(EVENT), op.stringArg(KEY), op.longArg(TICK), op.stringArg(ROUND));
    }

    public boolean firstPass() {
        return "0".equals(round);
    }
}
