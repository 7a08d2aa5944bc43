package dev.lockdrill.kata.breakerplacement.workload;

import dev.lockdrill.kata.breakerplacement.protocol.EmitterOp;
import dev.lockdrill.kata.breakerplacement.protocol.PlatformCall;
import dev.lockdrill.katas.api.emitter.Event;
import dev.lockdrill.katas.api.emitter.PermanentItemException;
import dev.lockdrill.katas.api.emitter.PlatformClient;
import dev.lockdrill.katas.api.emitter.TransientPlatformException;

import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A platform API: each call takes {@value #LATENCY_MILLIS} ms of virtual time and answers 200; 503
 * while the whole platform is down; 401 for a revoked credential; 429 with a Retry-After while a
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
    private final Set<String> revoked = ConcurrentHashMap.newKeySet();
    private final Map<String, Long> rateLimitedUntil = new ConcurrentHashMap<>();
    private volatile boolean down;

    FakePlatform(String name, EmitterRecorder recorder) {
        this.name = name;
        this.recorder = recorder;
    }

    void revoke(String credential) {
        revoked.add(credential);
    }

    void restore(String credential) {
        revoked.remove(credential);
    }

    void down(boolean value) {
        down = value;
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
        int status = !name.equals(event.platform()) ? 400 : down ? 503 : revoked.contains(event.credential()) ? 401
                : retryAfter >= 0 ? PlatformCall.RATE_LIMITED : itemStatus(event.payload());
        recorder.record(EmitterOp.PLATFORM_CALL, event,
                new PlatformCall(status, sent, retryAfter, guard.key(), guard.instance()).toMap());
        if (status == PlatformCall.RATE_LIMITED) {
            throw new TransientPlatformException(status, name + " answered 429", Duration.ofMillis(retryAfter));
        }
        if (status == 503 || status == 401) {
            throw new TransientPlatformException(status, name + " answered " + status);
        }
        if (status != 200) {
            throw new PermanentItemException(status, name + " answered " + status + " for " + event.id());
        }
    }
}
