package dev.lockdrill.kata.pglockservice.check;

import dev.lockdrill.history.NamedScenario;
import dev.lockdrill.kata.pglockservice.protocol.LockOps;
import dev.lockdrill.check.Latency;
import dev.lockdrill.check.MetricValue;
import dev.lockdrill.check.Metrics;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Op;

import java.util.List;

/** Hand-over rate and latency of the contenders scenario. */
public final class LockServiceMetrics implements Metrics {
    /** The scenario the metrics measure (contenders): the kata's definition names it, as an object. */
    private final String scenario;

    public LockServiceMetrics(NamedScenario scenario) {
        this.scenario = scenario.name();
    }

    @Override
    public List<MetricValue> compute(History history) {
        List<Op> calls = history.ops(op -> op.scenario().equals(scenario)
                && (op.is(LockOps.ACQUIRE) || op.is(LockOps.RELEASE) || op.is(LockOps.FENCED_WRITE)));
        List<Op> acquires = history.ops(op -> op.is(LockOps.ACQUIRE) && op.scenario().equals(scenario));
        List<Op> grants = acquires.stream().filter(op -> op.ok() && op.accepted().orElse(false)).toList();
        return List.of(
                new MetricValue("grants/s", Latency.perSecond(grants, calls), "/s", true),
                new MetricValue("p99 tryAcquire latency", Latency.percentileMillis(acquires, 99), "ms", false));
    }
}
