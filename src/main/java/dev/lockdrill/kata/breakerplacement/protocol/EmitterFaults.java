package dev.lockdrill.kata.breakerplacement.protocol;

import dev.lockdrill.history.FaultKind;

import java.util.Locale;

/** The faults only this kata injects (a whole platform down is the common {@code Faults.OUTAGE}). */
public enum EmitterFaults implements FaultKind {
    /** One credential of one platform answers 401 to every call; the platform serves everyone else. */
    CREDENTIAL_REVOKED,
    /** One credential of one platform answers 429 with a Retry-After to every call for a while. */
    RATE_LIMITED;

    @Override
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
