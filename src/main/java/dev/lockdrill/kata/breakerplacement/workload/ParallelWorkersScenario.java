package dev.lockdrill.kata.breakerplacement.workload;

import dev.lockdrill.harness.Recorder;
import dev.lockdrill.harness.Workers;
import dev.lockdrill.kata.breakerplacement.protocol.EmitterFaults;
import dev.lockdrill.kata.breakerplacement.protocol.EmitterObservation;
import dev.lockdrill.kata.breakerplacement.protocol.HeldSleep;
import dev.lockdrill.katas.api.emitter.Event;

import java.util.List;

/**
 * The emitter called from several outbox workers at once, with both races forced rather than
 * hoped for. First {@value #HAMMER} threads, released together by a spin flag, emit the first
 * events of one new key while the breaker factory holds each caller until a second one is inside
 * it: a map that lets two threads make a breaker for one key does so every run. Then one worker's
 * emit for a failing key (azure 503) sleeps between attempts, held in real time until the other
 * workers' emits for healthy keys have finished: an emitter that holds a lock across that sleep
 * makes them wait, and the hold times out.
 */
final class ParallelWorkersScenario extends EmitterScenario {
    static final int HAMMER = 6;
    static final String FRESH_KEY = "github/fresh-1";
    static final String FAILING_KEY = "azure/slow-1";
    static final List<String> HEALTHY_KEYS = List.of("github/p-1", "notion/p-2", "github/p-3");
    static final long GATE_MILLIS = 5_000;
    static final long HOLD_MILLIS = 750;

    @Override
    public String name() {
        return "parallel-workers";
    }

    @Override
    public String summary() {
        return HAMMER + " threads make one key's first calls at once; one thread sleeps on a 503 while 3 others emit";
    }

    @Override
    void run(EmitterRig rig, Recorder recorder) {
        try (Workers workers = new Workers()) {
            hammer(rig, recorder, workers);
            heldSleep(rig, recorder, workers);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            throw new IllegalStateException("parallel-workers: a worker failed: " + e, e);
        }
        rig.drainDeferred();
    }

    private void hammer(EmitterRig rig, Recorder recorder, Workers workers) throws Exception {
        long start = recorder.now();
        List<Event> events = stream(name() + "-fresh", List.of(FRESH_KEY), HAMMER);
        Gate gate = new Gate(HAMMER, GATE_MILLIS);
        rig.gateCreation(gate);
        SpinFlag go = new SpinFlag();
        for (int i = 0; i < HAMMER; i++) {
            Event event = events.get(i);
            String worker = "hammer-" + (i + 1);
            workers.start(worker, () -> {
                gate.register(Thread.currentThread());
                go.await();
                rig.emitAs(worker, event);
            });
        }
        go.release();
        workers.awaitAll();
        rig.gateCreation(null);
        boolean forced = gate.timedOut() == 0;
        recorder.fault(EmitterFaults.FIRST_CALLS_TOGETHER, name(), FRESH_KEY, start, forced, HAMMER
                + " threads made " + FRESH_KEY + "'s first calls at once; the breaker factory was entered "
                + (gate.entered() == 1 ? "once" : gate.entered() + " times") + ", each caller held until a second was inside or every other was parked"
                + (forced ? "" : " — but " + gate.timedOut() + " were let go after " + GATE_MILLIS
                + " ms with another thread still runnable, so the race was not forced"));
    }

    private void heldSleep(EmitterRig rig, Recorder recorder, Workers workers) throws Exception {
        rig.platform("azure").down(true);
        Event failing = stream(name() + "-failing", List.of(FAILING_KEY), 1).get(0);
        List<Event> healthy = stream(name() + "-healthy", HEALTHY_KEYS, HEALTHY_KEYS.size());
        SleepHold hold = new SleepHold("sleeper", healthy.size(), HOLD_MILLIS);
        rig.holdNextSleep(hold);
        workers.start("sleeper", () -> rig.emitAs("sleeper", failing));
        boolean asleep = hold.awaitAsleep(HOLD_MILLIS);
        for (int i = 0; i < healthy.size(); i++) {
            Event event = healthy.get(i);
            String worker = "worker-" + (i + 1);
            workers.start(worker, () -> {
                try {
                    rig.emitAs(worker, event);
                } finally {
                    hold.otherDone();
                }
            });
        }
        workers.awaitAll();
        rig.holdNextSleep(null);
        rig.platform("azure").down(false);
        recorder.observe(EmitterObservation.HELD_SLEEP.label(), name(), List.of(new HeldSleep(FAILING_KEY,
                healthy.size(), asleep ? hold.unfinishedWhenWoken() : -1, HOLD_MILLIS).toRow()));
    }

    /** Threads spin on it, so they start their calls within microseconds of each other. */
    private static final class SpinFlag {
        private volatile boolean released;

        void await() {
            while (!released) {
                Thread.onSpinWait();
            }
        }

        void release() {
            released = true;
        }
    }
}
