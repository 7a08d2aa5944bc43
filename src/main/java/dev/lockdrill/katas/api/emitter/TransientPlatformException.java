package dev.lockdrill.katas.api.emitter;

import java.time.Duration;
import java.util.Optional;

/**
 * The call failed for a reason that is not the item's: the platform (503, 429) or the credential
 * (401 revoked, 403 forbidden). Another try later may succeed.
 */
public final class TransientPlatformException extends Exception {
    private final int status;
    private final Duration retryAfter;

    public TransientPlatformException(int status, String message) {
        this(status, message, null);
    }

    /** {@code retryAfter}: the platform's {@code Retry-After} (a 429 or a 503 may carry one), or null. */
    public TransientPlatformException(int status, String message, Duration retryAfter) {
        super(message, null, false, false);
        this.status = status;
        this.retryAfter = retryAfter;
    }

    public int status() {
        return status;
    }

    /** 401 or 403: this credential is refused. The same token will be refused again: do not retry it now. */
    public boolean credentialRejected() {
        return status == 401 || status == 403;
    }

    /** How long the platform asked not to be called again with this credential, if it said. */
    public Optional<Duration> retryAfter() {
        return Optional.ofNullable(retryAfter);
    }
}
