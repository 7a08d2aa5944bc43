package dev.lockdrill.kata.breakerplacement.workload;

import dev.lockdrill.kata.breakerplacement.protocol.DeadLetter;
import dev.lockdrill.kata.breakerplacement.protocol.EmitterOp;
import dev.lockdrill.kata.breakerplacement.protocol.RetryLater;
import dev.lockdrill.katas.api.emitter.Event;
import dev.lockdrill.katas.api.emitter.Outbox;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Records where each event ended and keeps the deferred ones to hand back later. */
final class RecordingOutbox implements Outbox {
    private final EmitterRecorder recorder;
    private final List<Event> deferred = new ArrayList<>();
    private long latestDueMillis;

    RecordingOutbox(EmitterRecorder recorder) {
        this.recorder = recorder;
    }

    @Override
    public void delivered(Event event) {
        recorder.record(EmitterOp.DELIVERED, event, Map.of());
    }

    @Override
    public void deadLetter(Event event, String reason) {
        recorder.record(EmitterOp.DEAD_LETTER, event, new DeadLetter(reason).toMap());
    }

    @Override
    public synchronized void retryLater(Event event, Duration after) {
        recorder.record(EmitterOp.RETRY_LATER, event, new RetryLater(after == null ? -1 : after.toMillis()).toMap());
        deferred.add(event);
        long millis = after == null ? 0 : Math.max(0, after.toMillis());
        latestDueMillis = Math.max(latestDueMillis, recorder.time().millis() + millis);
    }

    /** The virtual time (ms) at which every event deferred so far may be handed back, as each asked. */
    synchronized long latestDueMillis() {
        return latestDueMillis;
    }

    synchronized List<Event> takeDeferred() {
        List<Event> taken = List.copyOf(deferred);
        deferred.clear();
        return taken;
    }
}
