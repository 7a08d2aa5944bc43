package dev.lockdrill.kata.redlock.check;

import dev.lockdrill.check.Latency;
import dev.lockdrill.check.MetricValue;
import dev.lockdrill.check.Metrics;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Op;
import dev.lockdrill.kata.redlock.protocol.RedlockOp;
import dev.lockdrill.kata.redlock.protocol.Roles;

import java.util.List;

/**
 * Acquire latency, and the lesson in one number: in how many of the lock-breaking scenarios the
 * harness's unfenced writes by two holders both landed (expected even for a correct Redlock).
 */
public final class RedlockMetrics implements Metrics {
    @Override
    public List<MetricValue> compute(History history) {
        List<Op> acquires = history.ops(op -> op.is(RedlockOp.ACQUIRE) && op.ok());
        long doubleWrites = Roles.LESSONS.stream().filter(s -> history.observations(Roles.UNFENCED).stream()
                .anyMatch(o -> o.scenario().equals(s) && o.rows().size() >= 2)).count();
        return List.of(
                new MetricValue("p50 acquire latency", Latency.percentileMillis(acquires, 50), "ms", false),
                new MetricValue("p99 acquire latency", Latency.percentileMillis(acquires, 99), "ms", false),
                new MetricValue("lock broken: two holders wrote without a fence", doubleWrites, "", false));
    }
}
