package dev.lockdrill.kata.breakerplacement.workload;

import dev.lockdrill.harness.Recorder;
import dev.lockdrill.katas.api.emitter.Event;

import java.util.HashMap;
import java.util.Map;

/**
 * Records what happens around the emitter as instantaneous ops stamped with virtual time: platform
 * calls, sleeps, outbox outcomes, breaker creations and transitions. Also remembers, per thread,
 * the breaker permit not yet spent on a call, so each call can say which key's permit it used.
 */
final class EmitterRecorder {
    private final Recorder recorder;
    private final String scenario;
    private final VirtualTime time;
    private final ThreadLocal<String> unspentPermit = new ThreadLocal<>();
    private volatile String round = "0";

    EmitterRecorder(Recorder recorder, String scenario, VirtualTime time) {
        this.recorder = recorder;
        this.scenario = scenario;
        this.time = time;
    }

    static String key(String platform, String credential) {
        return platform + "/" + credential;
    }

    static String key(Event event) {
        return key(event.platform(), event.credential());
    }

    VirtualTime time() {
        return time;
    }

    void round(int value) {
        round = Integer.toString(value);
    }

    void permitGranted(String breakerKey) {
        unspentPermit.set(breakerKey);
    }

    /** The key whose permit this call spends (null if none), and spends it. */
    String spendPermit() {
        String key = unspentPermit.get();
        unspentPermit.remove();
        return key;
    }

    void record(String f, Event event, Map<String, Object> extra) {
        Map<String, Object> args = new HashMap<>(extra);
        if (event != null) {
            args.put("event", event.id());
            args.put("key", key(event));
        }
        args.put("tick", time.millis());
        args.put("round", round);
        recorder.invoke(scenario, "emitter", f, args).ok(Map.of());
    }
}
