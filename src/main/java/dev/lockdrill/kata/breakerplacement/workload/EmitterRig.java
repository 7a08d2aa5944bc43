package dev.lockdrill.kata.breakerplacement.workload;

import dev.lockdrill.harness.Failures;
import dev.lockdrill.harness.WorkloadContext;
import dev.lockdrill.kata.breakerplacement.protocol.BreakerCreated;
import dev.lockdrill.kata.breakerplacement.protocol.EmitThrew;
import dev.lockdrill.kata.breakerplacement.protocol.EmitterObservation;
import dev.lockdrill.kata.breakerplacement.protocol.EmitterOp;
import dev.lockdrill.kata.breakerplacement.protocol.Sleep;
import dev.lockdrill.kata.breakerplacement.protocol.Stamp;
import dev.lockdrill.katas.api.emitter.BreakerFactory;
import dev.lockdrill.katas.api.emitter.Emitter;
import dev.lockdrill.katas.api.emitter.Event;
import dev.lockdrill.katas.api.emitter.Outbox;
import dev.lockdrill.katas.api.emitter.PlatformClient;
import dev.lockdrill.katas.api.emitter.Sleeper;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One scenario's world: three fake platforms, the harness's breaker factory, a virtual sleeper and
 * a recording outbox around a fresh instance of the learner's emitter. Events are emitted one at a
 * time, {@value #GAP_MILLIS} ms of virtual time apart.
 */
final class EmitterRig {
    static final long GAP_MILLIS = 5;
    /** Hand-back rounds of {@link #drainDeferred()}. */
    static final int DRAIN_ROUNDS = 3;
    static final List<String> PLATFORMS = List.of("github", "azure", "notion");
    private final EmitterRecorder recorder;
    private final Map<String, FakePlatform> platforms = new LinkedHashMap<>();
    private final RecordingOutbox outbox;
    private final Emitter emitter;
    private final AtomicLong instances = new AtomicLong();
    private volatile Gate creationGate;
    private volatile SleepHold sleepHold;

    EmitterRig(WorkloadContext context, String scenario) {
        this.recorder = new EmitterRecorder(context.recorder(), scenario, new VirtualTime());
        Map<String, PlatformClient> clients = new LinkedHashMap<>();
        for (String name : PLATFORMS) {
            FakePlatform platform = new FakePlatform(name, recorder);
            platforms.put(name, platform);
            clients.put(name, platform);
        }
        this.outbox = new RecordingOutbox(recorder);
        BreakerFactory breakers = (platform, credential) -> {
            String key = Stamp.key(platform, credential);
            recorder.record(EmitterOp.BREAKER_CREATED, recorder.forKey(key), new BreakerCreated(key).toMap());
            Gate gate = creationGate;
            if (gate != null) {
                try {
                    gate.enterAndWait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return new RecordingBreaker(key, instances.incrementAndGet(), recorder);
        };
        Sleeper sleeper = duration -> {
            EmitCall sleeping = recorder.alone();
            recorder.record(EmitterOp.SLEEP, sleeping, new Sleep(duration.toMillis()).toMap());
            SleepHold hold = sleepHold;
            if (hold != null && sleeping != null && hold.worker().equals(sleeping.worker())) {
                sleepHold = null;
                hold.hold();
            }
            recorder.time().advanceMillis(duration.toMillis());
        };
        context.recorder().observe(EmitterObservation.BREAKER_CONFIG.label(), scenario,
                List.of(RecordingBreaker.SETTINGS.toRow()));
        this.emitter = context.implementation().create(Emitter.class,
                new Class<?>[]{Map.class, BreakerFactory.class, Sleeper.class, Outbox.class, long.class},
                Map.copyOf(clients), breakers, sleeper, outbox, context.seed());
    }

    FakePlatform platform(String name) {
        return platforms.get(name);
    }

    EmitterRecorder recorder() {
        return recorder;
    }

    long tick() {
        return recorder.time().millis();
    }

    /**
     * From now on, a thread inside {@code BreakerFactory.create} waits until another thread is
     * inside it too, or until the gate's timeout (null: no gate). A map that lets two threads make a
     * breaker for one key then does so every run, not once in a while.
     */
    void gateCreation(Gate gate) {
        creationGate = gate;
    }

    /** The next sleep of this worker's emit blocks (in real time) as the hold says. */
    void holdNextSleep(SleepHold hold) {
        sleepHold = hold;
    }

    /** Emits on the calling thread, recorded as this worker. */
    void emitAs(String worker, Event event) {
        recorder.time().advanceMillis(GAP_MILLIS);
        EmitCall call = recorder.begin(worker, event);
        try {
            emitter.emit(event);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            recorder.record(EmitterOp.EMIT_THREW, call, new EmitThrew(Failures.describe(e)).toMap());
        } finally {
            recorder.end(call);
        }
    }

    void emit(Event event) {
        emitAs(EmitterRecorder.NO_WORKER, event);
    }

    /**
     * Hands deferred events back, a breaker wait apart, for up to three rounds: never before the
     * time each was deferred for (a Retry-After longer than the wait is honoured by the outbox too).
     * Events emitted after it are first passes again.
     */
    void drainDeferred() {
        drainDeferred(EmitterRecorder.NO_WORKER, DRAIN_ROUNDS);
    }

    /** Like {@link #drainDeferred()}, for up to {@code rounds} rounds, emitted as {@code worker}. */
    void drainDeferred(String worker, int rounds) {
        for (int round = 1; round <= rounds; round++) {
            long due = outbox.latestDueMillis();
            List<Event> deferred = outbox.takeDeferred();
            if (deferred.isEmpty()) {
                return;
            }
            recorder.time().advanceMillis(Math.max(RecordingBreaker.WAIT_MILLIS + 1, due - tick()));
            recorder.round(round);
            deferred.forEach(event -> emitAs(worker, event));
        }
        recorder.round(0);
    }
}
