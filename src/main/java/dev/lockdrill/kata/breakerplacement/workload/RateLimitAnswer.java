package dev.lockdrill.kata.breakerplacement.workload;

import dev.lockdrill.kata.breakerplacement.protocol.Forbidden;
import dev.lockdrill.kata.breakerplacement.protocol.PlatformCall;

import java.util.Map;

/**
 * How the fake platform says "slow down", as GitHub does: a 429 with {@code retry-after}; a 403
 * for a secondary rate limit with {@code retry-after}; a 403 for the primary rate limit with
 * {@code x-ratelimit-remaining: 0} and only {@code x-ratelimit-reset} (epoch seconds) to wait for.
 */
enum RateLimitAnswer {
    TOO_MANY_REQUESTS(PlatformCall.TOO_MANY_REQUESTS, "429, retry-after"),
    SECONDARY(PlatformCall.FORBIDDEN, "403, retry-after"),
    PRIMARY(PlatformCall.FORBIDDEN, "403, x-ratelimit-remaining: 0");

    /** The fake's epoch second at virtual time 0 (2026-01-01T00:00:00Z), for {@code x-ratelimit-reset}. */
    static final long EPOCH_SECOND_AT_ZERO = 1_767_225_600L;
    final int status;
    final String label;

    RateLimitAnswer(int status, String label) {
        this.status = status;
        this.label = label;
    }

    Forbidden forbidden() {
        return status == PlatformCall.FORBIDDEN ? Forbidden.RATE_LIMIT : null;
    }

    /** The headers of an answer at virtual ms {@code now}, the limit lifting at {@code untilMillis}. */
    Map<String, String> headers(long now, long untilMillis) {
        String retryAfterSeconds = String.valueOf((untilMillis - now + 999) / 1000);
        String reset = String.valueOf(EPOCH_SECOND_AT_ZERO + (untilMillis + 999) / 1000);
        switch (this) {
            case PRIMARY:
                return Map.of("X-RateLimit-Limit", "5000", "X-RateLimit-Remaining", "0",
                        "X-RateLimit-Reset", reset);
            case SECONDARY:
                return Map.of("Retry-After", retryAfterSeconds);
            default:
                return Map.of("Retry-After", retryAfterSeconds, "X-RateLimit-Remaining", "0",
                        "X-RateLimit-Reset", reset);
        }
    }

    String body() {
        switch (this) {
            case PRIMARY:
                return "{\"message\":\"API rate limit exceeded for installation.\"}";
            case SECONDARY:
                return "{\"message\":\"You have exceeded a secondary rate limit. Please wait a few minutes before "
                        + "you try again.\"}";
            default:
                return "{\"message\":\"Too many requests\"}";
        }
    }
}
