package dev.lockdrill.kata.breakerplacement.protocol;

import dev.lockdrill.history.Fields;
import dev.lockdrill.history.Op;

import java.util.HashMap;
import java.util.Map;

/**
 * The fields every emitter op carries: the event it is about and its key "platform/credential"
 * (both null for an op outside any emit), the virtual time in ms, the drain round (0 = the first
 * pass, 1..3 = deferred events handed back), and the number the harness gave the emit it belongs
 * to ({@value #NO_EMIT}: none known). An op belongs to an emit by what it carries (the event handed
 * to the platform or the outbox, the permit a report names), never by the thread it ran on. A null
 * event and key and an emit of {@value #NO_EMIT} are not recorded.
 */
public record Stamp(String event, String key, long tick, String round, @Fields.OmittedWhenNone long emit) {
    public static final long NO_EMIT = Fields.NONE;

    /** An op of no emit the harness knows of. */
    public Stamp(String event, String key, long tick, String round) {
        this(event, key, tick, round, NO_EMIT);
    }

    public static String key(String platform, String credential) {
        return platform + "/" + credential;
    }

    public Map<String, Object> toMap() {
        return Fields.of(this);
    }

    /** The stamp plus an op's own fields. */
    public Map<String, Object> with(Map<String, Object> fields) {
        Map<String, Object> args = new HashMap<>(toMap());
        args.putAll(fields);
        return args;
    }

    public static Stamp of(Op op) {
        return op.args(Stamp.class);
    }

    public boolean firstPass() {
        return "0".equals(round);
    }

    /** Whether the op belongs to an emit the harness knows of. */
    public boolean inEmit() {
        return emit != NO_EMIT;
    }
}
