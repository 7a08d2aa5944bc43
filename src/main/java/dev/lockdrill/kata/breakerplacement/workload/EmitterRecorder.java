package dev.lockdrill.kata.breakerplacement.workload;

import dev.lockdrill.harness.Recorder;
import dev.lockdrill.kata.breakerplacement.protocol.EmitterOp;
import dev.lockdrill.kata.breakerplacement.protocol.Stamp;
import dev.lockdrill.katas.api.emitter.Event;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Records what happens around the emitter as ops stamped with virtual time: each emit (from the
 * hand-over until it returns), and as instantaneous ops the platform calls, sleeps, outbox
 * outcomes, breaker creations, permits, reports and transitions. Each op is tied to the emit it
 * belongs to by what it carries, never by the thread it runs on: a platform call or an outbox
 * outcome by its event (the harness gives each event in flight to one emit), a report that names
 * its permit ({@link PermitLedger}) by that permit's emit, a breaker's other ops by its key (the one
 * emit in flight with that key, or the only emit in flight), a sleep by being the only emit in
 * flight. An op none of these names belongs to no emit.
 */
final class EmitterRecorder {
    static final String NO_WORKER = "emitter";
    private final Recorder recorder;
    private final String scenario;
    private final VirtualTime time;
    private final PermitLedger permits = new PermitLedger();
    private final AtomicLong emits = new AtomicLong();
    private final Map<String, EmitCall> byEvent = new ConcurrentHashMap<>();
    private final Set<EmitCall> inFlight = ConcurrentHashMap.newKeySet();
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

    PermitLedger permits() {
        return permits;
    }

    void round(int value) {
        round = Integer.toString(value);
    }

    /** The harness is about to hand {@code event} to emit, recorded as {@code worker}: the emit op starts. */
    EmitCall begin(String worker, Event event) {
        EmitCall call = new EmitCall(emits.incrementAndGet(), worker, event);
        EmitCall before = byEvent.put(event.id(), call);
        if (before != null && !before.returned()) {
            throw new IllegalStateException("the harness handed event " + event.id() + " to two emits at once");
        }
        inFlight.add(call);
        call.started(recorder.invoke(scenario, worker, EmitterOp.EMIT, stamp(event, call).toMap()));
        return call;
    }

    /** The emit has returned (or thrown): its op ends. */
    void end(EmitCall call) {
        call.markReturned();
        inFlight.remove(call);
    }

    /** The emit the harness last handed this event to (null: an event the harness never handed over). */
    EmitCall emitOf(Event event) {
        return byEvent.get(event.id());
    }

    /** The emit a breaker's op is about: the one in flight with its key, or else the only one in flight (null: none). */
    EmitCall forKey(String key) {
        List<EmitCall> now = List.copyOf(inFlight);
        List<EmitCall> same = now.stream().filter(c -> c.key().equals(key)).toList();
        if (same.size() == 1) {
            return same.get(0);
        }
        return same.isEmpty() && now.size() == 1 ? now.get(0) : null;
    }

    /** The only emit in flight (null: none, or several). */
    EmitCall alone() {
        List<EmitCall> now = List.copyOf(inFlight);
        return now.size() == 1 ? now.get(0) : null;
    }

    /** An op about {@code event} (a platform call, an outcome): it belongs to the emit that event was handed to. */
    void record(EmitterOp f, Event event, Map<String, Object> fields) {
        EmitCall call = emitOf(event);
        write(f, event, call, fields);
    }

    /** An op of the emit {@code call} (null: of no emit). */
    void record(EmitterOp f, EmitCall call, Map<String, Object> fields) {
        write(f, call == null ? null : call.event(), call, fields);
    }

    private void write(EmitterOp f, Event event, EmitCall call, Map<String, Object> fields) {
        recorder.invoke(scenario, call == null ? NO_WORKER : call.worker(), f, stamp(event, call).with(fields))
                .ok(Map.of());
    }

    private Stamp stamp(Event event, EmitCall call) {
        return new Stamp(event == null ? null : event.id(), event == null ? null : key(event), time.millis(), round,
                call == null ? Stamp.NO_EMIT : call.number());
    }
}
