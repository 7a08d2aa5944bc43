package dev.lockdrill.kata.outboxrelay.check;

import dev.lockdrill.check.Latency;
import dev.lockdrill.check.MetricValue;
import dev.lockdrill.check.Metrics;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Op;
import dev.lockdrill.kata.outboxrelay.protocol.OutboxOp;
import dev.lockdrill.kata.outboxrelay.protocol.Scenario;

import java.util.ArrayList;
import java.util.List;

/** Throughput and parallelism of the slow-broker scenario: three relays should publish at once. */
public final class OutboxMetrics implements Metrics {
    static final String SCENARIO = Scenario.SLOW_BROKER.label();

    @Override
    public List<MetricValue> compute(History history) {
        List<Op> calls = history.ops(op -> op.is(OutboxOp.RELAY_BATCH) && op.scenario().equals(SCENARIO));
        List<Op> published = history.ops(op -> op.is(OutboxOp.PUBLISH) && op.ok() && op.scenario().equals(SCENARIO));
        return List.of(
                new MetricValue("events published/s", Latency.perSecond(published, calls), "/s", true),
                new MetricValue("max concurrent publishes", maxConcurrent(published), "", true),
                new MetricValue("p99 relayBatch latency", Latency.percentileMillis(calls, 99), "ms", false));
    }

    /** The largest number of publish calls in flight at one instant. */
    static int maxConcurrent(List<Op> ops) {
        List<long[]> edges = new ArrayList<>();
        for (Op op : ops) {
            edges.add(new long[]{op.invokeNanos(), 1});
            edges.add(new long[]{op.completeNanos(), -1});
        }
        edges.sort((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
        int current = 0;
        int max = 0;
        for (long[] edge : edges) {
            current += (int) edge[1];
            max = Math.max(max, current);
        }
        return max;
    }
}
