package dev.lockdrill.kata.bulkhead.check;

import dev.lockdrill.history.NamedScenario;
import dev.lockdrill.check.Latency;
import dev.lockdrill.check.MetricValue;
import dev.lockdrill.check.Metrics;
import dev.lockdrill.history.FaultEvent;
import dev.lockdrill.history.Faults;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Op;
import dev.lockdrill.kata.bulkhead.protocol.Ending;

import java.util.List;

/** Latency and throughput of the healthy dependencies while another one hangs. */
public final class BulkheadMetrics implements Metrics {
    /** The scenario whose hang the metrics measure (one-hangs): the kata's definition names it, as an object. */
    private final String scenario;

    public BulkheadMetrics(NamedScenario scenario) {
        this.scenario = scenario.name();
    }

    @Override
    public List<MetricValue> compute(History history) {
        BulkheadFacts facts = new BulkheadFacts(history);
        List<Op> healthy = facts.faults(Faults.HANG).stream().filter(f -> f.scenario().equals(scenario))
                .map(FaultEvent::target).findFirst()
                .map(hung -> facts.calls(scenario).stream()
                        .filter(call -> !hung.equals(BulkheadFacts.dependency(call))).toList())
                .orElse(List.of());
        List<Op> ok = healthy.stream().filter(call -> BulkheadFacts.outcome(call).is(Ending.VALUE)).toList();
        List<Op> rejected = facts.calls().stream()
                .filter(call -> BulkheadFacts.outcome(call).is(Ending.REJECTED)).toList();
        return List.of(
                new MetricValue("p99 rejection latency", Latency.percentileMillis(rejected, 99), "ms", false),
                new MetricValue("healthy calls/s during the hang", Latency.perSecond(ok, healthy), "/s", true),
                new MetricValue("p99 healthy latency during the hang", Latency.percentileMillis(healthy, 99), "ms",
                        false));
    }
}
