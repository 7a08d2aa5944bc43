package dev.lockdrill.kata.leaseclaim.check;

import dev.lockdrill.history.NamedScenario;
import dev.lockdrill.check.lease.LeaseAudit;
import dev.lockdrill.check.lease.LeaseTimeline;
import dev.lockdrill.check.Latency;
import dev.lockdrill.check.MetricValue;
import dev.lockdrill.check.Metrics;
import dev.lockdrill.history.FaultEvent;
import dev.lockdrill.history.Faults;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Op;
import dev.lockdrill.kata.leaseclaim.protocol.LeaseOp;

import java.util.ArrayList;
import java.util.List;

/** Throughput of the ten-workers drain, claim latency, and how soon a crashed worker's rows came back. */
public final class LeaseMetrics implements Metrics {
    /** The scenario the metrics measure (ten-workers): the kata's definition names it, as an object. */
    private final String scenario;

    public LeaseMetrics(NamedScenario scenario) {
        this.scenario = scenario.name();
    }

    @Override
    public List<MetricValue> compute(History history) {
        List<Op> ops = history.ops(op -> op.scenario().equals(scenario));
        List<Op> claims = ops.stream().filter(op -> op.is(LeaseOp.CLAIM)).toList();
        List<Op> finished = ops.stream().filter(op -> op.is(LeaseOp.COMPLETE) && op.ok() && op.accepted().orElse(false))
                .toList();
        List<MetricValue> metrics = new ArrayList<>();
        metrics.add(new MetricValue("completions/s", Latency.perSecond(finished, ops), "/s", true));
        metrics.add(new MetricValue("p99 claim latency", Latency.percentileMillis(claims, 99), "ms", false));
        metrics.add(new MetricValue("reclaim delay after expiry", reclaimDelayMillis(history), "ms", false));
        return metrics;
    }

    /** Mean time from the expiry of a crashed worker's lease to the claim that took the row over. */
    static double reclaimDelayMillis(History history) {
        List<Long> delays = new ArrayList<>();
        for (FaultEvent crash : history.faults()) {
            if (!crash.is(Faults.CRASH)) {
                continue;
            }
            for (List<LeaseAudit.Change> changes : new LeaseAudit(history).byRow().values()) {
                List<LeaseTimeline.Held> leases = new LeaseTimeline(changes).leases();
                for (int i = 0; i + 1 < leases.size(); i++) {
                    LeaseTimeline.Held held = leases.get(i);
                    if (held.claim().scenario().equals(crash.scenario()) && held.worker().equals(crash.target())) {
                        delays.add(leases.get(i + 1).claim().atUs() - held.expiryUs());
                    }
                }
            }
        }
        return delays.stream().mapToLong(Long::longValue).average().orElse(0) / 1000.0;
    }
}
