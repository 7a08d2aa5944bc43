package dev.lockdrill.kata.breakerplacement.workload;

import dev.lockdrill.kata.breakerplacement.protocol.EmitterOp;
import dev.lockdrill.kata.breakerplacement.protocol.PlatformCall;
import dev.lockdrill.katas.api.emitter.Event;
import dev.lockdrill.katas.api.emitter.PermanentItemException;
import dev.lockdrill.katas.api.emitter.PlatformClient;
import dev.lockdrill.katas.api.emitter.TransientPlatformException;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A platform API: each call takes {@value #LATENCY_MILLIS} ms of virtual time and answers 200, 401
 * for a revoked credential, 503 while the whole platform is down, or 410 for an item marked gone.
 */
final class FakePlatform implements PlatformClient {
    static final long LATENCY_MILLIS = 20;
    static final String GONE = "gone";
    private final String name;
    private final EmitterRecorder recorder;
    private final Set<String> revoked = ConcurrentHashMap.newKeySet();
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

    @Override
    public void send(Event event) throws TransientPlatformException, PermanentItemException {
        String guard = recorder.spendPermit();
        recorder.time().advanceMillis(LATENCY_MILLIS);
        int status = !name.equals(event.platform()) ? 400 : down ? 503 : revoked.contains(event.credential()) ? 401
                : GONE.equals(event.payload()) ? 410 : 200;
        recorder.record(EmitterOp.PLATFORM_CALL, event, new PlatformCall(status, guard).toMap());
        if (status == 503 || status == 401) {
            throw new TransientPlatformException(status, name + " answered " + status);
        }
        if (status == 410 || status == 400) {
            throw new PermanentItemException(status, name + " answered " + status + " for " + event.id());
        }
    }
}
