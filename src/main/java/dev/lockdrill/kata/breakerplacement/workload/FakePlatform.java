package dev.lockdrill.kata.breakerplacement.workload;

import dev.lockdrill.kata.breakerplacement.protocol.EmitterOp;
import dev.lockdrill.kata.breakerplacement.protocol.Forbidden;
import dev.lockdrill.kata.breakerplacement.protocol.Permit;
import dev.lockdrill.kata.breakerplacement.protocol.PlatformCall;
import dev.lockdrill.katas.api.emitter.Event;
import dev.lockdrill.katas.api.emitter.PermanentItemException;
import dev.lockdrill.katas.api.emitter.PlatformClient;
import dev.lockdrill.katas.api.emitter.TransientPlatformException;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A platform API: each call takes {@value #LATENCY_MILLIS} ms of virtual time and answers 200; a 5xx
 * (503 unless told) while the whole platform is down; 401, or an auth-level 403, for a refused
 * credential; while a credential is rate-limited, 429 with {@code retry-after}, or 403 with
 * {@code retry-after} or {@code x-ratelimit-remaining: 0} ({@link RateLimitAnswer}); 410, 404 or
 * 422 for an item marked gone, missing or invalid, and 403 "Resource not accessible by integration"
 * for one marked not accessible; 400 for an event sent to the wrong platform. Every 403 comes with
 * GitHub's headers and body, and only they tell its three kinds apart.
 */
final class FakePlatform implements PlatformClient {
    static final long LATENCY_MILLIS = 20;
    static final String GONE = "gone";
    static final String MISSING = "missing";
    static final String INVALID = "invalid";
    static final String NOT_ACCESSIBLE = "not-accessible";
    static final String NOT_ACCESSIBLE_BODY = "{\"message\":\"Resource not accessible by integration\"}";
    static final String SSO_BODY = "{\"message\":\"Resource protected by organization SAML enforcement. You must "
            + "grant your Personal Access token access to this organization.\"}";
    private final String name;
    private final EmitterRecorder recorder;
    private final Map<String, Integer> revoked = new ConcurrentHashMap<>();
    private final Map<String, Limit> rateLimited = new ConcurrentHashMap<>();
    private volatile int downStatus;

    /** A credential's rate limit: how it is answered, and when it lifts (virtual ms). */
    private record Limit(RateLimitAnswer answer, long untilMillis) {
    }

    FakePlatform(String name, EmitterRecorder recorder) {
        this.name = name;
        this.recorder = recorder;
    }

    void revoke(String credential) {
        revoke(credential, PlatformCall.UNAUTHORIZED);
    }

    /** Answers {@code status} to every call with this credential: 401, or 403 (auth-level: SAML SSO). */
    void revoke(String credential, int status) {
        revoked.put(credential, status);
    }

    void restore(String credential) {
        revoked.remove(credential);
    }

    void down(boolean value) {
        down(value ? 503 : 0);
    }

    /** Answers {@code status} (a 5xx) to every call; 0 brings the platform back. */
    void down(int status) {
        downStatus = status;
    }

    /** Answers 429 to every call with this credential until virtual time {@code untilMillis}. */
    void rateLimit(String credential, long untilMillis) {
        rateLimit(credential, untilMillis, RateLimitAnswer.TOO_MANY_REQUESTS);
    }

    /** Rate-limits this credential until virtual time {@code untilMillis}, answered as {@code answer} says. */
    void rateLimit(String credential, long untilMillis, RateLimitAnswer answer) {
        rateLimited.put(credential, new Limit(answer, untilMillis));
    }

    private static int itemStatus(String payload) {
        switch (payload) {
            case GONE:
                return 410;
            case MISSING:
                return 404;
            case INVALID:
                return 422;
            case NOT_ACCESSIBLE:
                return PlatformCall.FORBIDDEN;
            default:
                return 200;
        }
    }

    @Override
    public void send(Event event) throws TransientPlatformException, PermanentItemException {
        PermitLedger.Grant grant = recorder.permits().spend(EmitterRecorder.key(event), recorder.emitOf(event));
        long sent = recorder.time().millis();
        recorder.time().advanceMillis(LATENCY_MILLIS);
        Limit limit = rateLimited.get(event.credential());
        long retryAfter = limit != null && sent < limit.untilMillis() ? limit.untilMillis() - sent : -1;
        int down = downStatus;
        Integer refused = revoked.get(event.credential());
        int status;
        Forbidden forbidden = null;
        Map<String, String> headers = Map.of();
        String body = "";
        long answeredRetryAfter = -1;
        if (!name.equals(event.platform())) {
            status = 400;
        } else if (down != 0) {
            status = down;
        } else if (refused != null) {
            status = refused;
            forbidden = Forbidden.CREDENTIAL;
            headers = status == PlatformCall.FORBIDDEN
                    ? Map.of("X-GitHub-SSO", "required; url=https://github.com/orgs/acme/sso?authorization_request=1")
                    : Map.of();
            body = status == PlatformCall.FORBIDDEN ? SSO_BODY : "{\"message\":\"Bad credentials\"}";
        } else if (retryAfter >= 0) {
            status = limit.answer().status;
            answeredRetryAfter = retryAfter;
            forbidden = limit.answer().forbidden();
            headers = limit.answer().headers(sent, limit.untilMillis());
            body = limit.answer().body();
        } else {
            status = itemStatus(event.payload());
            forbidden = status == PlatformCall.FORBIDDEN ? Forbidden.RESOURCE : null;
            body = status == PlatformCall.FORBIDDEN ? NOT_ACCESSIBLE_BODY : "";
        }
        PlatformCall answer = new PlatformCall(status, sent, answeredRetryAfter,
                grant == null ? null : grant.breaker(), grant == null ? -1 : grant.instance(), forbidden,
                grant == null ? Permit.NONE : grant.number());
        Exception thrown = thrown(event, answer, headers, body);
        if (grant != null) {
            recorder.permits().answered(grant, answer, thrown);
        }
        recorder.record(EmitterOp.PLATFORM_CALL, event, answer.toMap());
        if (thrown instanceof TransientPlatformException transientFailure) {
            throw transientFailure;
        }
        if (thrown instanceof PermanentItemException itemError) {
            throw itemError;
        }
    }

    /** The exception this answer reaches the emitter as (null for a 200). */
    private Exception thrown(Event event, PlatformCall answer, Map<String, String> headers, String body) {
        int status = answer.status();
        String message = name + " answered " + status;
        if (answer.rateLimited()) {
            return new TransientPlatformException(status, message + " (rate limit)",
                    Duration.ofMillis(answer.retryAfterMillis()), headers, body);
        }
        if (status >= 500 || status == PlatformCall.UNAUTHORIZED || status == PlatformCall.FORBIDDEN) {
            return new TransientPlatformException(status, message, null, headers, body);
        }
        if (status != 200) {
            return new PermanentItemException(status, message + " for " + event.id());
        }
        return null;
    }
}
