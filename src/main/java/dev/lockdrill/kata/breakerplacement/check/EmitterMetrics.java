package dev.lockdrill.kata.breakerplacement.check;

import dev.lockdrill.history.NamedScenario;
import dev.lockdrill.check.MetricValue;
import dev.lockdrill.check.Metrics;
import dev.lockdrill.history.History;
import dev.lockdrill.kata.breakerplacement.protocol.EmitterOp;
import dev.lockdrill.kata.breakerplacement.protocol.Stamp;

import java.util.List;

/** During the credential outage: the other keys' delivery rate, and the calls spent on the revoked credential. */
public final class EmitterMetrics implements Metrics {
    /** The scenario whose outage the metrics measure (credential-revoked): the kata's definition names it, as an object. */
    private final String scenario;

    public EmitterMetrics(NamedScenario scenario) {
        this.scenario = scenario.name();
    }

    @Override
    public List<MetricValue> compute(History history) {
        EmitterFacts facts = new EmitterFacts(history);
        return facts.outages().stream().filter(o -> o.scenario().equals(scenario)).findFirst().map(outage -> {
            long delivered = facts.ops(scenario, EmitterOp.DELIVERED).stream()
                    .filter(op -> outage.during(op) && !outage.keys().contains(Stamp.of(op).key())).count();
            long wasted = facts.ops(scenario, EmitterOp.PLATFORM_CALL).stream()
                    .filter(op -> outage.during(op) && outage.keys().contains(Stamp.of(op).key())).count();
            double seconds = (outage.to() - outage.from()) / 1000.0;
            return List.of(
                    new MetricValue("other keys' deliveries/s during the outage (virtual)",
                            seconds > 0 ? delivered / seconds : 0, "/s", true),
                    new MetricValue("calls to the revoked credential during the outage", wasted, "calls", false));
        }).orElse(List.of());
    }
}
