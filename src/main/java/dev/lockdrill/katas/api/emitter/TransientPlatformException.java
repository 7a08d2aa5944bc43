package dev.lockdrill.katas.api.emitter;

import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The call failed for a reason its status code alone does not pin on the item: the platform (5xx),
 * your pace (429), or a 401 or 403. A 403 is read by its headers and body, not its code: GitHub
 * answers 403 (or 429) for a rate limit, with {@code x-ratelimit-remaining: 0} or a
 * {@code retry-after} header ({@link #rateLimited()}: wait, like a 429); it answers 403 "Resource
 * not accessible by integration" for one resource the credential may not touch (Notion:
 * {@code restricted_resource}; {@link #resourceRefused()}: the item's, like a 404); only the rest
 * is the credential's ({@link #credentialRejected()}).
 */
public final class TransientPlatformException extends Exception {
    private static final String RATE_LIMIT_REMAINING = "x-ratelimit-remaining";
    private static final String RETRY_AFTER = "retry-after";
    private static final String NOT_ACCESSIBLE = "resource not accessible by integration";
    private static final String RESTRICTED = "restricted_resource";
    private final int status;
    private final Duration retryAfter;
    private final Map<String, String> headers;
    private final String body;

    public TransientPlatformException(int status, String message) {
        this(status, message, null);
    }

    /** {@code retryAfter}: the platform's {@code Retry-After} (a 429 or a 503 may carry one), or null. */
    public TransientPlatformException(int status, String message, Duration retryAfter) {
        this(status, message, retryAfter, Map.of(), "");
    }

    /**
     * The whole answer: {@code retryAfter} as above (or, for a rate limit that names only its
     * {@code x-ratelimit-reset}, the time until then), the response's headers (names in any case)
     * and its body (null: none).
     */
    public TransientPlatformException(int status, String message, Duration retryAfter, Map<String, String> headers,
                                      String body) {
        super(message, null, false, false);
        this.status = status;
        this.retryAfter = retryAfter;
        Map<String, String> lower = new TreeMap<>();
        headers.forEach((name, value) -> lower.put(name.toLowerCase(Locale.ROOT), value));
        this.headers = Map.copyOf(lower);
        this.body = body == null ? "" : body;
    }

    public int status() {
        return status;
    }

    /**
     * 401, or a 403 that is neither a rate limit nor a refusal of one resource: this credential is
     * refused. The same token will be refused again: do not retry it now.
     */
    public boolean credentialRejected() {
        return status == 401 || status == 403 && !rateLimited() && !resourceRefused();
    }

    /**
     * Your pace, not the credential's health: a 429, or a 403 with {@code x-ratelimit-remaining: 0} or
     * a {@code retry-after} header. Wait {@link #retryAfter()}, as for a 429.
     */
    public boolean rateLimited() {
        return status == 429 || status == 403 && (header(RATE_LIMIT_REMAINING).filter("0"::equals).isPresent()
                || header(RETRY_AFTER).isPresent());
    }

    /**
     * A 403 that refuses this one resource, not the credential (GitHub "Resource not accessible by
     * integration", Notion {@code restricted_resource}): an item error, like a 404.
     */
    public boolean resourceRefused() {
        String text = body.toLowerCase(Locale.ROOT);
        return status == 403 && header(RETRY_AFTER).isEmpty()
                && header(RATE_LIMIT_REMAINING).filter("0"::equals).isEmpty()
                && (text.contains(NOT_ACCESSIBLE) || text.contains(RESTRICTED));
    }

    /** How long the platform asked not to be called again with this credential, if it said. */
    public Optional<Duration> retryAfter() {
        return Optional.ofNullable(retryAfter);
    }

    /** One response header, its name in any case. */
    public Optional<String> header(String name) {
        return Optional.ofNullable(headers.get(name.toLowerCase(Locale.ROOT)));
    }

    /** The response's headers, names in lower case (empty when the client kept none). */
    public Map<String, String> headers() {
        return headers;
    }

    /** The response's body ("" when none). */
    public String body() {
        return body;
    }
}
