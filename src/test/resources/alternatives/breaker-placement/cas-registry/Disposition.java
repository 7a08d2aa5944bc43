package katas.breakerplacement;

import dev.lockdrill.katas.api.emitter.PermanentItemException;
import dev.lockdrill.katas.api.emitter.TransientPlatformException;

/** What one answer means, as a table: whom it belongs to, what the breaker hears, what happens next. */
enum Disposition {
    /** 503 and other platform failures: a failure of the key; try again after a backoff. */
    PLATFORM(true, false),
    /** 401, or a 403 that is not about pace or one resource: the same token fails again, so wait for a fix. */
    CREDENTIAL(true, false),
    /** 429, or a 403 saying x-ratelimit-remaining 0 or retry-after: our pace; wait what the platform said. */
    RATE_LIMITED(false, true),
    /** 404/410/422, or a 403 refusing this one resource: the item's fault; the key is fine. */
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
            if (t.status() == 403) {
                return forbidden(t);
            }
            return t.status() == 401 ? CREDENTIAL : PLATFORM;
        }
        return PLATFORM;
    }

    /** A 403 read from its headers and body, as GitHub and Notion write them. */
    private static Disposition forbidden(TransientPlatformException t) {
        if ("0".equals(t.headers().get("x-ratelimit-remaining")) || t.headers().containsKey("retry-after")) {
            return t.retryAfter().isPresent() ? RATE_LIMITED : PLATFORM;
        }
        String body = t.body().toLowerCase(java.util.Locale.ROOT);
        if (body.contains("resource not accessible by integration") || body.contains("restricted_resource")) {
            return ITEM;
        }
        return CREDENTIAL;
    }
}
