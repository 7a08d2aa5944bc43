package dev.lockdrill.kata.breakerplacement.workload;

import dev.lockdrill.harness.Recorder;
import dev.lockdrill.kata.breakerplacement.protocol.EmitterOp;
import dev.lockdrill.kata.breakerplacement.protocol.Stamp;
import dev.lockdrill.katas.api.emitter.Event;

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
    private final ThreadLocal<Guard> unspentPermit = new ThreadLocal<>();
    private final ThreadLocal<Event> current = new ThreadLocal<>();
    private final ThreadLocal<String> worker = ThreadLocal.withInitial(() -> "emitter");
    private volatile String round = "0";

    EmitterRecorder(Recorder recorder, String scenario, VirtualTime time) {
        this.recorder = recorder;
        this.scenario = scenario;
        this.time = time;
    }

    static String key(Event event) {
        return Stamp.key(event.platform(), event.credential());
    }

    Recorder recorder() {
        return recorder;
    }

    String scenario() {
        return scenario;
    }

    VirtualTime time() {
        return time;
    }

    /** The event this thread's emit is working on (null outside an emit). */
    Event current() {
        return current.get();
    }

    void current(Event event) {
        current.set(event);
    }

    /** The worker this thread records as ("emitter" unless a scenario runs several). */
    String worker() {
        return worker.get();
    }

    void worker(String name) {
        worker.set(name);
    }

    void round(int value) {
        round = Integer.toString(value);
    }

    void permitGranted(String breakerKey, long instance) {
        unspentPermit.set(new Guard(breakerKey, instance));
    }

    /** The breaker whose permit this call spends ({@link Guard#NONE} if none), and spends it. */
    Guard spendPermit() {
        Guard guard = unspentPermit.get();
        unspentPermit.remove();
        return guard == null ? Guard.NONE : guard;
    }

    /** A breaker permit not yet spent on a call: the breaker's key and instance number. */
    record Guard(String key, long instance) {
        static final Guard NONE = new Guard(null, -1);
    }

    void record(EmitterOp f, Event event, Map<String, Object> fields) {
        Stamp stamp = new Stamp(event == null ? null : event.id(), event == null ? null : key(event), time.millis(),
                round);
        recorder.invoke(scenario, worker.get(), f, stamp.with(fields)).ok(Map.of());
    }
}
