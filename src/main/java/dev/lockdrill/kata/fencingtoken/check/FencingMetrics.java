package dev.lockdrill.kata.fencingtoken.check;

import dev.lockdrill.history.NamedScenario;
import dev.lockdrill.kata.fencingtoken.protocol.FencingOps;
import dev.lockdrill.check.Latency;
import dev.lockdrill.check.MetricValue;
import dev.lockdrill.check.Metrics;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Op;

import java.util.List;

/** Throughput and latency of the ten-writers scenario. */
public final class FencingMetrics implements Metrics {
    /** The scenario the metrics measure (ten-writers): the kata's definition names it, as an object. */
    private final String scenario;

    public FencingMetrics(NamedScenario scenario) {
        this.scenario = scenario.name();
    }

    @Override
    public List<MetricValue> compute(History history) {
        List<Op> writes = history.ops(op -> op.is(FencingOps.WRITE) && op.scenario().equals(scenario));
        List<Op> accepted = writes.stream().filter(FencingFacts::accepted).toList();
        return List.of(
                new MetricValue("accepted writes/s", Latency.perSecond(accepted, writes), "/s", true),
                new MetricValue("writes/s", Latency.perSecond(writes, writes), "/s", true),
                new MetricValue("p99 write latency", Latency.percentileMillis(writes, 99), "ms", false));
    }
}
