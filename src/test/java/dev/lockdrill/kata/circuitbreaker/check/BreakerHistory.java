package dev.lockdrill.kata.circuitbreaker.check;

import dev.lockdrill.history.History;
import dev.lockdrill.history.Observation;
import dev.lockdrill.history.Op;
import dev.lockdrill.history.OpType;
import dev.lockdrill.history.Outcome;
import dev.lockdrill.kata.circuitbreaker.protocol.Acquire;
import dev.lockdrill.kata.circuitbreaker.protocol.BreakerOp;
import dev.lockdrill.kata.circuitbreaker.protocol.BreakerSetup;
import dev.lockdrill.kata.circuitbreaker.protocol.CallOutcome;
import dev.lockdrill.kata.circuitbreaker.protocol.OutcomeBatch;
import dev.lockdrill.kata.circuitbreaker.protocol.State;
import dev.lockdrill.kata.circuitbreaker.protocol.Transition;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Writes breaker histories by hand, as the harness would record them, for checker tests. */
final class BreakerHistory {
    static final long SECOND = 1_000_000_000L;
    private final String scenario;
    private final String breaker;
    private final List<Op> ops = new ArrayList<>();
    private final BreakerSetup setup;
    private long id;

    BreakerHistory(String scenario, int window, int minimum, int trials, boolean sequential) {
        this(scenario, window, minimum, trials, sequential, 50.0, 100.0);
    }

    BreakerHistory(String scenario, int window, int minimum, int trials, boolean sequential, double failureRate,
                   double slowRate) {
        this.scenario = scenario;
        this.breaker = scenario + "/b1";
        this.setup = new BreakerSetup(breaker, sequential, failureRate, slowRate, 2 * SECOND, window, minimum,
                10 * SECOND, trials);
    }

    BreakerHistory acquire(long tick, boolean permitted) {
        return op("driver", BreakerOp.ACQUIRE, new Acquire(breaker, tick, 0).toMap(), Map.of(Op.ACCEPTED, permitted));
    }

    BreakerHistory racer(String worker, int round, long tick, boolean permitted) {
        return op(worker, BreakerOp.ACQUIRE, new Acquire(breaker, tick, round).toMap(),
                Map.of(Op.ACCEPTED, permitted));
    }

    BreakerHistory success(long tick) {
        return outcome(tick, false, 5_000_000L);
    }

    BreakerHistory failure(long tick) {
        return outcome(tick, true, 5_000_000L);
    }

    BreakerHistory outcome(long tick, boolean failed, long durationNanos) {
        CallOutcome outcome = new CallOutcome(breaker, tick, durationNanos, failed);
        return op("driver", outcome.op(), outcome.toMap(), Map.of());
    }

    BreakerHistory transition(String from, String to, long tick) {
        return op("driver", BreakerOp.TRANSITION,
                new Transition(breaker, State.valueOf(from), State.valueOf(to), tick).toMap(), Map.of());
    }

    /** {@code n} failures at tick 0, opening on the last one. */
    BreakerHistory opened(int n) {
        return opened(n, 0);
    }

    /** {@code n} failures at {@code tick}, opening on the last one. */
    BreakerHistory opened(int n, long tick) {
        for (int i = 0; i < n; i++) {
            acquire(tick, true).failure(tick);
        }
        return transition("CLOSED", "OPEN", tick);
    }

    /** A whole call: a permit, then its outcome after {@code durationNanos}. */
    BreakerHistory call(long tick, boolean failed, long durationNanos) {
        return acquire(tick, true).outcome(tick, failed, durationNanos);
    }

    /** One hammer thread's batch of calls. */
    BreakerHistory batch(String worker, int reported, int failures, boolean refused) {
        return op(worker, BreakerOp.OUTCOMES, OutcomeBatch.args(breaker, 0),
                new OutcomeBatch(breaker, 0, reported, failures, refused).result());
    }

    History build() {
        return new History(1, ops, List.of(),
                List.of(new Observation(BreakerSetup.OBSERVATION, scenario, List.of(setup.toRow()))));
    }

    private BreakerHistory op(String worker, OpType f, Map<String, Object> args, Map<String, Object> result) {
        id++;
        ops.add(new Op(id, scenario, worker, f.label(), args, id, id, Outcome.OK, result, null));
        return this;
    }
}
