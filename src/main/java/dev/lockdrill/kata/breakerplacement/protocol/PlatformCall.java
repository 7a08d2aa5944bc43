package dev.lockdrill.kata.breakerplacement.protocol;

import dev.lockdrill.history.Op;

import java.util.Map;

/**
 * One platform call: the HTTP-like status the fake platform answered, and whose breaker permit the
 * call spent ({@value #NO_PERMIT} when it spent none).
 */
public record PlatformCall(int status, String guard) {
    public static final String NO_PERMIT = "none";
    static final String STATUS = "status";
    static final String GUARD = "guard";

    public Map<String, Object> toMap() {
        return Map.of(STATUS, status, GUARD, guard == null ? NO_PERMIT : guard);
    }

    public static PlatformCall of(Op op) {
        return new PlatformCall((int) op.longArg(STATUS), op.stringArg(GUARD));
    }

    /** The item's fault (410 gone, or a call to the wrong platform): retrying is pointless. */
    public boolean permanent() {
        return status == 410 || status == 400;
    }

    public boolean spentNoPermit() {
        return NO_PERMIT.equals(guard);
    }
}
