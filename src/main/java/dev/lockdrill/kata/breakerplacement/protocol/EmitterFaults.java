package dev.lockdrill.kata.breakerplacement.protocol;

import dev.lockdrill.history.FaultKind;

import java.util.Locale;

/** The faults only this kata injects (a whole platform down is the common {@code Faults.OUTAGE}). */
public enum EmitterFaults implements FaultKind {
    /**
     * One credential of one platform answers 401, or an auth-level 403, to every call; the platform
     * serves everyone else.
     */
    CREDENTIAL_REVOKED,
    /**
     * One credential of one platform answers every call for a while with a rate limit: 429, or 403
     * with {@code retry-after} or {@code x-ratelimit-remaining: 0}.
     */
    RATE_LIMITED,
    /**
     * Several threads make one new key's first calls at once, and the breaker factory holds the first
     * caller until a second is inside it (or every other is parked).
     */
    FIRST_CALLS_TOGETHER;

    @Override
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
