package dev.lockdrill.katas.api.ladder;

import java.time.Duration;

/** One rung of the ladder: a provider and the longest one call to it may take. */
public record Rung(Provider provider, Duration timeout) {
    public Rung {
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("a rung's timeout must be positive");
        }
    }
}
