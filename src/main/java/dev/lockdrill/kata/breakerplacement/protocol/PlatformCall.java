package dev.lockdrill.kata.breakerplacement.protocol;

import dev.lockdrill.history.Op;

import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * One platform call: the HTTP-like status the fake platform answered, when the request was sent
 * (virtual ms; the op's own tick is when the answer came back), the {@code Retry-After} it sent
 * (-1 for none, counted from the request), and whose breaker permit the call spent: the breaker's
 * key, or {@value #NO_PERMIT}, and its instance number (-1 for none).
 */
public record PlatformCall(int status, long sentTick, long retryAfterMillis, String guard, long guardInstance) {
    public static final String NO_PERMIT = "none";
    /** Errors of the item: the platform and the credential are fine. */
    public static final Set<Integer> ITEM_ERRORS = Set.of(400, 404, 410, 422);
    /** Errors of the credential: revoked or forbidden. */
    public static final Set<Integer> CREDENTIAL_ERRORS = Set.of(401, 403);
    public static final int RATE_LIMITED = 429;
    static final String STATUS = "status";
    static final String SENT = "sentTick";
    static final String RETRY_AFTER = "retryAfterMillis";
    static final String GUARD = "guard";
    static final String GUARD_INSTANCE = "guardInstance";

    public PlatformCall {
        guard = guard == null ? NO_PERMIT : guard;
    }

    public Map<String, Object> toMap() {
        return Map.of(STATUS, status, SENT, sentTick, RETRY_AFTER, retryAfterMillis, GUARD, guard,
                GUARD_INSTANCE, guardInstance);
    }

    public static PlatformCall of(Op op) {
        Object retryAfter = op.args().get(RETRY_AFTER);
        Object instance = op.args().get(GUARD_INSTANCE);
        return new PlatformCall((int) op.longArg(STATUS), op.longArg(SENT),
                retryAfter instanceof Number n ? n.longValue() : -1,
                op.stringArg(GUARD), instance instanceof Number n ? n.longValue() : -1);
    }

    /** The item's fault (404, 410, 422, or a call to the wrong platform): retrying is pointless. */
    public boolean permanent() {
        return ITEM_ERRORS.contains(status);
    }

    public boolean credentialRejected() {
        return CREDENTIAL_ERRORS.contains(status);
    }

    public boolean ok() {
        return status == 200;
    }

    public Optional<Long> retryAfter() {
        return retryAfterMillis >= 0 ? Optional.of(retryAfterMillis) : Optional.empty();
    }

    public boolean spentNoPermit() {
        return NO_PERMIT.equals(guard);
    }
}
