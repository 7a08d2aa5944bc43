package dev.lockdrill.kata.breakerplacement.workload;

import dev.lockdrill.kata.breakerplacement.protocol.EmitterOp;
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
 * (503 unless told) while the whole platform is down; 401 (or 403) for a revoked credential; 429 with a Retry-After while a
 * credential is rate-limited; 410, 404 or 422 for an item marked gone, missing or invalid; 400 for
 * an event sent to the wrong platform.
 */
final class FakePlatform implements PlatformClient {
    static final long LATENCY_MILLIS = 20;
    static final String GONE = "gone";
    static final String MISSING = "missing";
    static final String INVALID = "invalid";
    private final String name;
    private final EmitterRecorder recorder;
    private final Map<String, Integer> revoked = new ConcurrentHashMap<>();
    private final Map<String, Long> rateLimitedUntil = new ConcurrentHashMap<>();
    private volatile int downStatus;

    FakePlatform(String name, EmitterRecorder recorder) {
        this.name = name;
        this.recorder = recorder;
    }

    void revoke(String credential) {
        revoke(credential, 401);
    }

    /** Answers {@code status} (401 revoked, 403 forbidden) to every call with this credential. */
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
        rateLimitedUntil.put(credential, untilMillis);
    }

    private static int itemStatus(String payload) {
        switch (payload) {
            case GONE:
                return 410;
            case MISSING:
                return 404;
            case INVALID:
                return 422;
            default:
                return 200;
        }
    }

    @Override
    public void send(Event event) throws TransientPlatformException, PermanentItemException {
        EmitterRecorder.Guard guard = recorder.spendPermit();
        long sent = recorder.time().millis();
        recorder.time().advanceMillis(LATENCY_MILLIS);
        Long limitedUntil = rateLimitedUntil.get(event.credential());
        long retryAfter = limitedUntil != null && sent < limitedUntil ? limitedUntil - sent : -1;
        int down = downStatus;
        Integer refused = revoked.get(event.credential());
        int status = !name.equals(event.platform()) ? 400 : down != 0 ? down : refused != null ? refused
                : retryAfter >= 0 ? PlatformCall.RATE_LIMITED : itemStatus(event.payload());
        recorder.record(EmitterOp.PLATFORM_CALL, event,
                new PlatformCall(status, sent, retryAfter, guard.key(), guard.instance()).toMap());
        if (status == PlatformCall.RATE_LIMITED) {
            throw new TransientPlatformException(status, name + " answered 429", Duration.ofMillis(retryAfter));
        }
        if (status >= 500 || PlatformCall.CREDENTIAL_ERRORS.contains(status)) {
            throw new TransientPlatformException(status, name + " answered " + status);
        }
        if (status != 200) {
            throw new PermanentItemException(status, name + " answered " + status + " for " + event.id());
        }
    }
}
