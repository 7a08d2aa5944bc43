package katas.breakerplacement;

import dev.lockdrill.katas.api.emitter.PermanentItemException;
import dev.lockdrill.katas.api.emitter.TransientPlatformException;

/** What one answer means, as a table: whom it belongs to, what the breaker hears, what happens next. */
enum Disposition {
    /** 503 and other platform failures: a failure of the key; try again after a backoff. */
    PLATFORM(true, false),
    /** 401/403: a failure of the key; the same token fails again, so wait for it to be fixed. */
    CREDENTIAL(true, false),
    /** 429: our pace, not the key's health; wait what the platform said. */
    RATE_LIMITED(false, true),
    /** 404/410/422: the item's fault; the key is fine. */
    ITEM(false, true);

    final boolean countsAsFailure;
    final boolean releasesPermit;

    Disposition(boolean countsAsFailure, boolean releasesPermit) {
        this.countsAsFailure = countsAsFailure;
        this.releasesPermit = releasesPermit;
    }

    static Disposition of(Exception e) {
        if (e instanceof PermanentItemException) {
            return ITEM;
        }
        if (e instanceof TransientPlatformException t) {
            if (t.retryAfter().isPresent()) {
                return RATE_LIMITED;
            }
            return t.credentialRejected() ? CREDENTIAL : PLATFORM;
        }
        return PLATFORM;
    }
}
