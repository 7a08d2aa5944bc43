package dev.lockdrill.kata.breakerplacement.protocol;

import dev.lockdrill.history.Fields;
import dev.lockdrill.history.Op;

import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * One platform call: the HTTP-like status the fake platform answered, when the request was sent
 * (virtual ms; the op's own tick is when the answer came back), the {@code Retry-After} it sent
 * (-1 for none, counted from the request), whose breaker permit the call spent: the breaker's
 * key, or {@value #NO_PERMIT}, its instance number (-1 for none) and the permit's number
 * ({@link Permit#NONE} for none), and for a 403 what its headers and body said ({@code forbidden};
 * null, and not recorded, for any other status). Which permit a call spent is read off the breakers
 * the harness made (one granted and not yet spent nor settled, its own key's first), never off the
 * calling thread.
 */
public record PlatformCall(int status, long sentTick, @Fields.NoneWhenAbsent long retryAfterMillis, String guard,
                           @Fields.NoneWhenAbsent long guardInstance, Forbidden forbidden,
                           @Fields.NoneWhenAbsent long permit) {
    public static final String NO_PERMIT = "none";
    /** Errors of the item by their code alone: the platform and the credential are fine. */
    public static final Set<Integer> ITEM_ERRORS = Set.of(400, 404, 410, 422);
    public static final int UNAUTHORIZED = 401;
    public static final int FORBIDDEN = 403;
    public static final int TOO_MANY_REQUESTS = 429;

    public PlatformCall {
        guard = guard == null ? NO_PERMIT : guard;
        forbidden = status != FORBIDDEN ? null : forbidden == null ? Forbidden.CREDENTIAL : forbidden;
    }

    /** A call answered anything but a 403 (a 403 read this way is the credential's), with no permit number. */
    public PlatformCall(int status, long sentTick, long retryAfterMillis, String guard, long guardInstance) {
        this(status, sentTick, retryAfterMillis, guard, guardInstance, null, Permit.NONE);
    }

    /** A call with no permit number. */
    public PlatformCall(int status, long sentTick, long retryAfterMillis, String guard, long guardInstance,
                        Forbidden forbidden) {
        this(status, sentTick, retryAfterMillis, guard, guardInstance, forbidden, Permit.NONE);
    }

    public Map<String, Object> toMap() {
        return Fields.of(this);
    }

    public static PlatformCall of(Op op) {
        return op.args(PlatformCall.class);
    }

    /**
     * The item's fault (404, 410, 422, a 403 refusing this one resource, or a call to the wrong
     * platform): retrying is pointless.
     */
    public boolean permanent() {
        return ITEM_ERRORS.contains(status) || forbidden == Forbidden.RESOURCE;
    }

    /** 401, or an auth-level 403: the credential is refused. */
    public boolean credentialRejected() {
        return status == UNAUTHORIZED || forbidden == Forbidden.CREDENTIAL;
    }

    /** 429, or a 403 with {@code x-ratelimit-remaining: 0} or {@code retry-after}: your pace. */
    public boolean rateLimited() {
        return status == TOO_MANY_REQUESTS || forbidden == Forbidden.RATE_LIMIT;
    }

    /** The status with what a 403 said: "403 (rate-limit)". */
    public String answer() {
        return forbidden == null ? String.valueOf(status) : status + " (" + forbidden.label() + ")";
    }

    public boolean ok() {
        return status == 200;
    }

    /**
     * The reports that fit this answer (C4): a 200 is a success; an item error is released; a rate
     * limit is a failure or released; anything else (a 5xx, a rejected credential) is a failure.
     */
    public Set<Report.Outcome> rightReports() {
        if (ok()) {
            return Set.of(Report.Outcome.SUCCESS);
        }
        if (permanent()) {
            return Set.of(Report.Outcome.RELEASED);
        }
        if (rateLimited()) {
            return Set.of(Report.Outcome.FAILURE, Report.Outcome.RELEASED);
        }
        return Set.of(Report.Outcome.FAILURE);
    }

    public Optional<Long> retryAfter() {
        return retryAfterMillis >= 0 ? Optional.of(retryAfterMillis) : Optional.empty();
    }

    public boolean spentNoPermit() {
        return NO_PERMIT.equals(guard);
    }
}
