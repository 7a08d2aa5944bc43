package dev.lockdrill.kata.circuitbreaker.check;

import dev.lockdrill.history.History;
import dev.lockdrill.history.Observation;
import dev.lockdrill.history.Op;
import dev.lockdrill.history.Outcome;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Writes breaker histories by hand, as the harness would record them, for checker tests. */
final class BreakerHistory {
    static final long SECOND = 1_000_000_000L;
    private final String scenario;
    private final String breaker;
    private final List<Op> ops = new ArrayList<>();
    private final Map<String, Object> config = new HashMap<>();
    private long id;

    BreakerHistory(String scenario, int window, int minimum, int trials, boolean sequential) {
        this.scenario = scenario;
        this.breaker = scenario + "/b1";
        config.put("breaker", breaker);
        config.put("sequential", sequential);
        config.put("failureRateThreshold", 50.0);
        config.put("slowCallRateThreshold", 100.0);
        config.put("slowCallDurationThresholdNanos", 2 * SECOND);
        config.put("slidingWindowSize", window);
        config.put("minimumNumberOfCalls", minimum);
        config.put("waitDurationInOpenStateNanos", 10 * SECOND);
        config.put("permittedNumberOfCallsInHalfOpenState", trials);
    }

    BreakerHistory acquire(long tick, boolean permitted) {
        return op("driver", "acquire", Map.of("tick", tick), Map.of("permitted", permitted));
    }

    BreakerHistory racer(String worker, int round, long tick, boolean permitted) {
        return op(worker, "acquire", Map.of("tick", tick, "round", round), Map.of("permitted", permitted));
    }

    BreakerHistory success(long tick) {
        return op("driver", "success", Map.of("tick", tick, "durationNanos", 5_000_000L), Map.of());
    }

    BreakerHistory failure(long tick) {
        return op("driver", "error", Map.of("tick", tick, "durationNanos", 5_000_000L), Map.of());
    }

    BreakerHistory transition(String from, String to, long tick) {
        return op("driver", "transition", Map.of("tick", tick, "from", from, "to", to), Map.of());
    }

    /** {@code n} failures at tick 0, opening on the last one. */
    BreakerHistory opened(int n) {
        for (int i = 0; i < n; i++) {
            acquire(0, true).failure(0);
        }
        return transition("CLOSED", "OPEN", 0);
    }

    History build() {
        return new History(1, ops, List.of(), List.of(new Observation("config", scenario, List.of(config))));
    }

    private BreakerHistory op(String worker, String f, Map<String, Object> args, Map<String, Object> result) {
        Map<String, Object> all = new HashMap<>(args);
        all.put("breaker", breaker);
        id++;
        ops.add(new Op(id, scenario, worker, f, all, id, id, Outcome.OK, result, null));
        return this;
    }
}
