package dev.lockdrill.check;

import dev.lockdrill.history.History;

import java.util.List;

/** Computes a kata's figures (throughput, latency, wasted work) from a history; pure, like the invariants. */
public interface Metrics {
    List<MetricValue> compute(History history);
}
