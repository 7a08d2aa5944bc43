package dev.lockdrill.kata.circuitbreaker.workload;

import dev.lockdrill.harness.Recorder;
import dev.lockdrill.harness.ScenarioRig;
import dev.lockdrill.harness.WorkloadContext;
import dev.lockdrill.history.Op;
import dev.lockdrill.kata.circuitbreaker.protocol.Acquire;
import dev.lockdrill.kata.circuitbreaker.protocol.BreakerFaults;
import dev.lockdrill.kata.circuitbreaker.protocol.BreakerOp;
import dev.lockdrill.kata.circuitbreaker.protocol.BreakerSetup;
import dev.lockdrill.kata.circuitbreaker.protocol.CallOutcome;
import dev.lockdrill.kata.circuitbreaker.protocol.State;
import dev.lockdrill.kata.circuitbreaker.protocol.Transition;
import dev.lockdrill.katas.api.breaker.BreakerConfig;
import dev.lockdrill.katas.api.breaker.BreakerState;
import dev.lockdrill.katas.api.breaker.CircuitBreaker;
import dev.lockdrill.katas.api.breaker.Ticker;
import dev.lockdrill.katas.api.breaker.TransitionListener;

import java.time.Clock;
import java.util.List;
import java.util.Map;

/**
 * What a circuit-breaker scenario works with: fresh breakers (each in its own class loader, with its
 * own virtual ticker and wall clock), and recorded calls. Every op carries the breaker id and the
 * virtual time, which is what the reference model replays. An in-memory kata: no admin connection.
 */
final class BreakerRig extends ScenarioRig {
    static final String DRIVER = "driver";

    BreakerRig(WorkloadContext context, String scenario) {
        super(context, null, scenario);
    }

    /** The run's seed, which replays every scenario's choices. */
    long seed() {
        return context.seed();
    }

    BreakerProbe open(String id, BreakerConfig config, boolean sequential) {
        return open(id, config, sequential, VirtualTicker.DEFAULT_START);
    }

    /** A fresh breaker whose ticker starts at {@code tickerStart}. */
    BreakerProbe open(String id, BreakerConfig config, boolean sequential, long tickerStart) {
        return open(id, config, sequential, tickerStart, false);
    }

    /** A fresh breaker with yield points in its classes, for calls made under an {@code Interleaving}. */
    BreakerProbe openInterleavable(String id, BreakerConfig config) {
        return open(id, config, false, VirtualTicker.DEFAULT_START, true);
    }

    private BreakerProbe open(String id, BreakerConfig config, boolean sequential, long tickerStart,
                              boolean interleavable) {
        VirtualTicker ticker = new VirtualTicker(tickerStart);
        BreakerProbe probe = new BreakerProbe(scenario + "/" + id, config, ticker, new JumpingWallClock(ticker));
        TransitionListener listener = (from, to, at) -> {
            recorder().invoke(scenario, Thread.currentThread().getName(), BreakerOp.TRANSITION,
                    new Transition(probe.id(), state(from), state(to), ticker.peek()).toMap()).ok(Map.of());
            probe.announce(to);
        };
        recorder().observe(BreakerSetup.OBSERVATION, scenario, List.of(BreakerConfigs.describe(probe.id(), config,
                sequential).toRow()));
        Class<?>[] parameterTypes = {BreakerConfig.class, Ticker.class, Clock.class, TransitionListener.class};
        probe.attach(interleavable
                ? context.implementation().createInterleavable(CircuitBreaker.class, parameterTypes, config, ticker,
                        probe.wallClock(), listener)
                : context.implementation().create(CircuitBreaker.class, parameterTypes, config, ticker,
                        probe.wallClock(), listener));
        return probe;
    }

    private static State state(BreakerState state) {
        return state == null ? null : State.valueOf(state.name());
    }

    boolean acquire(BreakerProbe probe, String worker, int round) {
        Recorder.Call<Boolean> call = recorder().call(scenario, worker, BreakerOp.ACQUIRE,
                new Acquire(probe.id(), probe.ticker().peek(), round).toMap(),
                () -> probe.breaker().tryAcquirePermission(), permitted -> Map.of(Op.ACCEPTED, permitted),
                Recorder.OnError.FAILED);
        return call.ok() && call.value();
    }

    boolean acquire(BreakerProbe probe) {
        return acquire(probe, DRIVER, 0);
    }

    void outcome(BreakerProbe probe, boolean failed, long durationNanos) {
        outcome(probe, DRIVER, failed, durationNanos);
    }

    void outcome(BreakerProbe probe, String worker, boolean failed, long durationNanos) {
        CallOutcome outcome = new CallOutcome(probe.id(), probe.ticker().peek(), durationNanos, failed);
        recorder().call(scenario, worker, outcome.op(), outcome.toMap(), () -> {
            if (failed) {
                probe.breaker().onError(durationNanos, new DependencyFailure("HTTP 503 from the dependency"));
            } else {
                probe.breaker().onSuccess(durationNanos);
            }
            return null;
        }, ignored -> Map.of(), Recorder.OnError.FAILED);
    }

    /** A whole call: ask for a permit; if granted, the call takes {@code durationMillis} of virtual time. */
    boolean call(BreakerProbe probe, boolean failed, long durationMillis) {
        return callNanos(probe, failed, durationMillis * 1_000_000L);
    }

    /** A whole call that takes exactly {@code durationNanos} of virtual time. */
    boolean callNanos(BreakerProbe probe, boolean failed, long durationNanos) {
        if (!acquire(probe)) {
            return false;
        }
        probe.ticker().advanceNanos(durationNanos);
        outcome(probe, failed, durationNanos);
        return true;
    }

    /** Fails {@code count} fast calls in a row; returns the virtual time of the last one. */
    long failFast(BreakerProbe probe, int count) {
        for (int i = 0; i < count; i++) {
            call(probe, true, 5);
        }
        return probe.ticker().peek();
    }

    /** Moves the breaker's virtual time to {@code origin + millis}. */
    void advanceTo(BreakerProbe probe, long origin, long millis) {
        probe.ticker().advanceNanos(Math.max(0, origin + millis * 1_000_000L - probe.ticker().peek()));
    }

    void jumpWallClock(BreakerProbe probe, long millis) {
        long start = recorder().now();
        probe.wallClock().jumpMillis(millis);
        recorder().fault(BreakerFaults.WALL_CLOCK_JUMP, scenario, probe.id(), start, "the wall clock of "
                + probe.id() + " jumped " + (millis > 0 ? "+" : "") + millis / 60_000 + " min (NTP step); "
                + "the monotonic ticker did not move");
    }

    static final class DependencyFailure extends RuntimeException {
        DependencyFailure(String message) {
            super(message, null, false, false);
        }
    }
}
