package dev.lockdrill.kata.breakerplacement.workload;

import dev.lockdrill.kata.breakerplacement.protocol.BreakerSettings;
import dev.lockdrill.kata.breakerplacement.protocol.EmitterOp;
import dev.lockdrill.kata.breakerplacement.protocol.Permit;
import dev.lockdrill.kata.breakerplacement.protocol.Report;
import dev.lockdrill.kata.breakerplacement.protocol.Transition;
import dev.lockdrill.katas.api.breaker.BreakerState;
import dev.lockdrill.katas.api.emitter.EmitterBreaker;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * The harness's own breaker for the emitter kata (count-based, Resilience4j semantics, on virtual
 * time). It records every permit asked for, every outcome reported and every transition; each
 * granted permit goes into the {@link PermitLedger}, which says which call spent it and which
 * report settled it, whatever threads they ran on.
 */
final class RecordingBreaker implements EmitterBreaker {
    static final int WINDOW = 10;
    static final int MINIMUM_CALLS = 5;
    static final int FAILURE_RATE = 50;
    static final long WAIT_MILLIS = 1000;
    static final int TRIALS = 2;
    static final BreakerSettings SETTINGS = new BreakerSettings(WINDOW, MINIMUM_CALLS, FAILURE_RATE, WAIT_MILLIS,
            TRIALS);

    private final String key;
    private final long instance;
    private final EmitterRecorder recorder;
    private final Deque<Boolean> window = new ArrayDeque<>();
    private BreakerState state = BreakerState.CLOSED;
    private long openedAt;
    private int trialsLeft;

    RecordingBreaker(String key, long instance, EmitterRecorder recorder) {
        this.key = key;
        this.instance = instance;
        this.recorder = recorder;
    }

    @Override
    public synchronized boolean tryAcquirePermission() {
        if (state == BreakerState.OPEN && recorder.time().millis() - openedAt >= WAIT_MILLIS) {
            move(BreakerState.HALF_OPEN);
            trialsLeft = TRIALS;
        }
        boolean permitted = state == BreakerState.CLOSED || state == BreakerState.HALF_OPEN && trialsLeft-- > 0;
        EmitCall asking = recorder.forKey(key);
        long number = permitted ? recorder.permits().grant(key, instance, asking).number() : Permit.NONE;
        recorder.record(EmitterOp.PERMIT, asking, new Permit(key, instance, permitted, number).toMap());
        return permitted;
    }

    @Override
    public synchronized void onSuccess(long durationNanos) {
        report(Report.Outcome.SUCCESS, null);
        record(false);
    }

    @Override
    public synchronized void onError(long durationNanos, Throwable error) {
        report(Report.Outcome.FAILURE, error);
        record(true);
    }

    @Override
    public synchronized void releasePermission() {
        report(Report.Outcome.RELEASED, null);
        if (state == BreakerState.HALF_OPEN && trialsLeft < TRIALS) {
            trialsLeft++;
        }
    }

    /**
     * Records the report, with the permit it names when it names one (onError with the exception a
     * call threw), as that permit's emit, else as the emit of this key in flight.
     */
    private void report(Report.Outcome outcome, Throwable error) {
        PermitLedger.Grant settled = recorder.permits().settle(instance, outcome, error);
        boolean named = settled != null && error != null && settled.threw(error);
        EmitCall emit = named && settled.emit() != null ? settled.emit() : recorder.forKey(key);
        recorder.record(EmitterOp.REPORT, emit, new Report(key, instance, outcome,
                named ? settled.number() : Permit.NONE).toMap());
    }

    private void record(boolean failed) {
        if (state == BreakerState.OPEN) {
            return;
        }
        window.addLast(failed);
        int size = state == BreakerState.CLOSED ? WINDOW : TRIALS;
        while (window.size() > size) {
            window.removeFirst();
        }
        int needed = state == BreakerState.CLOSED ? MINIMUM_CALLS : TRIALS;
        if (window.size() < needed) {
            return;
        }
        long failures = window.stream().filter(f -> f).count();
        if (failures * 100 >= (long) FAILURE_RATE * window.size()) {
            move(BreakerState.OPEN);
            openedAt = recorder.time().millis();
        } else if (state == BreakerState.HALF_OPEN) {
            move(BreakerState.CLOSED);
        }
    }

    private void move(BreakerState to) {
        recorder.record(EmitterOp.TRANSITION, (EmitCall) null, new Transition(key, state.name(), to.name()).toMap());
        state = to;
        window.clear();
    }
}
