package dev.lockdrill.kata.circuitbreaker.check;

import dev.lockdrill.check.Latency;
import dev.lockdrill.check.MetricValue;
import dev.lockdrill.check.Metrics;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Op;
import dev.lockdrill.kata.circuitbreaker.protocol.Acquire;
import dev.lockdrill.kata.circuitbreaker.protocol.BreakerOp;
import dev.lockdrill.kata.circuitbreaker.protocol.Scenarios;

import java.util.List;

/** How long permit requests take when 64 threads race for them, and how many the flapping run let through. */
public final class BreakerMetrics implements Metrics {
    @Override
    public List<MetricValue> compute(History history) {
        List<Op> racers = history.ops(op -> op.is(BreakerOp.ACQUIRE) && op.scenario().equals(Scenarios.HALF_OPEN_RACE)
                && Acquire.of(op).racing());
        long flappingPermits = history.ops(op -> op.is(BreakerOp.ACQUIRE) && op.scenario().equals(Scenarios.FLAPPING)
                && Acquire.permitted(op)).size();
        return List.of(
                new MetricValue("p99 permit latency in the race", Latency.percentileMillis(racers, 99), "ms", false),
                new MetricValue("calls let through while flapping", flappingPermits, "calls", false));
    }
}
