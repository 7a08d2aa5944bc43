package dev.lockdrill.kata.breakerplacement.workload;

import dev.lockdrill.harness.Recorder;
import dev.lockdrill.katas.api.emitter.Event;

import java.util.Map;

/**
 * One call of {@code emit} the harness made: the number it gave it (every op of the emit carries
 * it), the worker it is recorded as, the event it handed over, and its own op, which ends when
 * emit returns.
 */
final class EmitCall {
    private final long number;
    private final String worker;
    private final Event event;
    private Recorder.PendingOp op;
    private volatile boolean returned;

    EmitCall(long number, String worker, Event event) {
        this.number = number;
        this.worker = worker;
        this.event = event;
    }

    void started(Recorder.PendingOp emitOp) {
        op = emitOp;
    }

    long number() {
        return number;
    }

    String worker() {
        return worker;
    }

    Event event() {
        return event;
    }

    String key() {
        return EmitterRecorder.key(event);
    }

    boolean returned() {
        return returned;
    }

    void markReturned() {
        returned = true;
        op.ok(Map.of());
    }
}
