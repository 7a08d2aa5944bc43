package dev.lockdrill.kata.providerfallbackladder.check;

import dev.lockdrill.check.Metrics;
import dev.lockdrill.check.MetricValue;
import dev.lockdrill.history.History;

import java.util.List;

/**
 * The notes' figure: how many jobs paid a provider's timeout, and how many calls went to a provider
 * that was down (the calls to a failing dependency the score compares), over the scripted scenarios.
 */
public final class LadderMetrics implements Metrics {
    public static final String PAID_TIMEOUT = "jobs that paid a timeout";
    public static final String CALLS_TO_DOWN = "calls to a failing provider";

    @Override
    public List<MetricValue> compute(History history) {
        List<LadderTrace> traces = LadderTrace.of(history);
        long paid = traces.stream().flatMap(t -> t.jobs().stream())
                .filter(j -> j.calls().stream().anyMatch(c -> c.reply() != null && c.reply().timedOut())).count();
        long failing = traces.stream().flatMap(t -> t.calls().stream()).filter(CallFact::failed).count();
        return List.of(
                new MetricValue(PAID_TIMEOUT, paid, "jobs", false),
                new MetricValue(CALLS_TO_DOWN, failing, "calls", false));
    }
}
