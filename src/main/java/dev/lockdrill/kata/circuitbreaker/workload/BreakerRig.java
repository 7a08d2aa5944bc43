package dev.lockdrill.kata.circuitbreaker.workload;

import dev.lockdrill.kata.circuitbreaker.protocol.BreakerFaults;
import dev.lockdrill.harness.Recorder;
import dev.lockdrill.harness.Seeds;
import dev.lockdrill.harness.WorkloadContext;
import dev.lockdrill.katas.api.breaker.BreakerConfig;
import dev.lockdrill.katas.api.breaker.BreakerState;
import dev.lockdrill.katas.api.breaker.CircuitBreaker;
import dev.lockdrill.katas.api.breaker.Ticker;
import dev.lockdrill.katas.api.breaker.TransitionListener;

import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * What a circuit-breaker scenario works with: fresh breakers (each in its own class loader, with its
 * own virtual ticker and wall clock), and recorded calls. Every op carries the breaker id and the
 * virtual time, which is what the reference model replays.
 */
final class BreakerRig {
    static final String DRIVER = "driver";
    private final WorkloadContext context;
    private final String scenario;
    private final SplittableRandom random;

    BreakerRig(WorkloadContext context, String scenario) {
        this.context = context;
        this.scenario = scenario;
        this.random = Seeds.forScenario(context.seed(), scenario);
    }

    String scenario() {
        return scenario;
    }

    SplittableRandom random() {
        return random;
    }

    Recorder recorder() {
        return context.recorder();
    }

    BreakerProbe open(String id, BreakerConfig config, boolean sequential) {
        VirtualTicker ticker = new VirtualTicker();
        BreakerProbe probe = new BreakerProbe(scenario + "/" + id, config, ticker, new JumpingWallClock(ticker));
        TransitionListener listener = (from, to, at) -> {
            context.recorder().invoke(scenario, Thread.currentThread().getName(), "transition",
                    Map.of("breaker", probe.id(), "from", String.valueOf(from), "to", String.valueOf(to),
                            "tick", ticker.peek())).ok(Map.of());
            probe.announce(to);
        };
        Map<String, Object> row = new HashMap<>(BreakerConfigs.describe(config));
        row.put("breaker", probe.id());
        row.put("sequential", sequential);
        context.recorder().observe("config", scenario, List.of(row));
        probe.attach(context.implementation().create(CircuitBreaker.class,
                new Class<?>[]{BreakerConfig.class, Ticker.class, Clock.class, TransitionListener.class},
                config, ticker, probe.wallClock(), listener));
        return probe;
    }

    boolean acquire(BreakerProbe probe, String worker, Map<String, Object> extra) {
        Map<String, Object> args = new HashMap<>(extra);
        args.put("breaker", probe.id());
        args.put("tick", probe.ticker().peek());
        Recorder.PendingOp op = context.recorder().invoke(scenario, worker, "acquire", args);
        try {
            boolean permitted = probe.breaker().tryAcquirePermission();
            op.ok(Map.of("permitted", permitted));
            return permitted;
        } catch (RuntimeException | Error e) {
            op.fail("tryAcquirePermission threw " + e);
            return false;
        }
    }

    boolean acquire(BreakerProbe probe) {
        return acquire(probe, DRIVER, Map.of());
    }

    void outcome(BreakerProbe probe, boolean failed, long durationNanos) {
        Recorder.PendingOp op = context.recorder().invoke(scenario, DRIVER, failed ? "error" : "success",
                Map.of("breaker", probe.id(), "tick", probe.ticker().peek(), "durationNanos", durationNanos));
        try {
            if (failed) {
                probe.breaker().onError(durationNanos, new DependencyFailure("HTTP 503 from the dependency"));
            } else {
                probe.breaker().onSuccess(durationNanos);
            }
            op.ok(Map.of());
        } catch (RuntimeException | Error e) {
            op.fail((failed ? "onError" : "onSuccess") + " threw " + e);
        }
    }

    /** A whole call: ask for a permit; if granted, the call takes {@code durationMillis} of virtual time. */
    boolean call(BreakerProbe probe, boolean failed, long durationMillis) {
        if (!acquire(probe)) {
            return false;
        }
        probe.ticker().advanceMillis(durationMillis);
        outcome(probe, failed, durationMillis * 1_000_000L);
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
        long start = context.recorder().now();
        probe.wallClock().jumpMillis(millis);
        context.recorder().fault(BreakerFaults.WALL_CLOCK_JUMP, scenario, probe.id(), start, "the wall clock of "
                + probe.id() + " jumped " + (millis > 0 ? "+" : "") + millis / 60_000 + " min (NTP step); "
                + "the monotonic ticker did not move");
    }

    static final class DependencyFailure extends RuntimeException {
        DependencyFailure(String message) {
            super(message, null, false, false);
        }
    }
}
