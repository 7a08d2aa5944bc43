package dev.lockdrill.kata.pglockservice.check;

import dev.lockdrill.kata.pglockservice.protocol.LockOps;
import dev.lockdrill.check.Latency;
import dev.lockdrill.check.MetricValue;
import dev.lockdrill.check.Metrics;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Op;

import java.util.List;

/** Hand-over rate and latency of the contenders scenario. */
public final class LockServiceMetrics implements Metrics {
    static final String SCENARIO = "contenders";

    @Override
    public List<MetricValue> compute(History history) {
        List<Op> calls = history.ops(op -> op.scenario().equals(SCENARIO)
                && (op.is(LockOps.ACQUIRE) || op.is(LockOps.RELEASE) || op.is(LockOps.FENCED_WRITE)));
        List<Op> acquires = history.ops(op -> op.is(LockOps.ACQUIRE) && op.scenario().equals(SCENARIO));
        List<Op> grants = acquires.stream().filter(op -> op.ok() && op.accepted().orElse(false)).toList();
        return List.of(
                new MetricValue("grants/s", Latency.perSecond(grants, calls), "/s", true),
                new MetricValue("p99 tryAcquire latency", Latency.percentileMillis(acquires, 99), "ms", false));
    }
}
