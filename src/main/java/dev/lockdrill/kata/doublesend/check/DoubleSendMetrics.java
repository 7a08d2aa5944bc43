package dev.lockdrill.kata.doublesend.check;

import dev.lockdrill.history.NamedScenario;
import dev.lockdrill.check.MetricValue;
import dev.lockdrill.check.Metrics;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Op;
import dev.lockdrill.kata.doublesend.protocol.SendOp;

import java.util.List;

/** Deliveries per second of the fault-free dedup drain, wasted provider requests, duplicates the device showed. */
public final class DoubleSendMetrics implements Metrics {
    /** The scenario the metrics measure (drain-dedup): the kata's definition names it, as an object. */
    private final String scenario;

    public DoubleSendMetrics(NamedScenario scenario) {
        this.scenario = scenario.name();
    }

    @Override
    public List<MetricValue> compute(History history) {
        ProviderLedger ledger = new ProviderLedger(history);
        List<ProviderLedger.Request> requests = ledger.requests();
        long deliveries = requests.stream().filter(r -> r.scenario().equals(scenario) && r.effect()).count();
        List<Op> drains = history.ops(op -> op.is(SendOp.DRAIN) && op.scenario().equals(scenario));
        long first = drains.stream().mapToLong(Op::invokeNanos).min().orElse(0);
        long last = drains.stream().mapToLong(Op::completeNanos).max().orElse(0);
        double perSecond = last > first ? deliveries / ((last - first) / 1e9) : 0;
        long delivered = requests.stream().filter(ProviderLedger.Request::effect)
                .map(ProviderLedger.Request::notificationKey).distinct().count();
        long duplicates = requests.stream().filter(ProviderLedger.Request::duplicate).count();
        return List.of(
                new MetricValue("deliveries/s", perSecond, "/s", true),
                new MetricValue("wasted attempts", requests.size() - delivered, "", false),
                new MetricValue("duplicates seen by the device", duplicates, "", false));
    }
}
