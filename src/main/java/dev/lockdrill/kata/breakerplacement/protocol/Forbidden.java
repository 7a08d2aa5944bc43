package dev.lockdrill.kata.breakerplacement.protocol;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

import java.util.Locale;

/**
 * What a 403 said by its headers and body, as the fake platform answered it: its code alone belongs
 * to no one. Recorded by its {@link #label()}.
 */
public enum Forbidden {
    /** {@code x-ratelimit-remaining: 0} or {@code retry-after}: your pace, handled like a 429. */
    RATE_LIMIT,
    /** "Resource not accessible by integration": one resource refused, an item error like a 404. */
    RESOURCE,
    /** An auth-level refusal (the token is not authorised for the organisation): the credential's. */
    CREDENTIAL;

    @JsonValue
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    @JsonCreator
    static Forbidden of(String label) {
        return valueOf(label.toUpperCase(Locale.ROOT).replace('-', '_'));
    }
}
