package dev.lockdrill.kata.doublesend.workload;

import dev.lockdrill.harness.Lanes;
import dev.lockdrill.harness.Scenarios;
import dev.lockdrill.harness.Database;
import dev.lockdrill.harness.Workload;
import dev.lockdrill.harness.WorkloadContext;
import dev.lockdrill.harness.explore.Explorable;
import dev.lockdrill.support.ScheduleId;
import dev.lockdrill.harness.lease.LeaseSchema;

import java.sql.Connection;
import java.util.List;
import java.util.Set;

/**
 * The double-send kata: the notifications table (with the lease audit trail), then each scenario
 * against a fresh fake provider: the Stripe-style dedup provider and the APNs/FCM-like push
 * provider, each without faults and under faults.
 */
public final class DoubleSendWorkload implements Workload, Explorable {
    static final List<SendScenario> SCENARIOS = List.of(
            new DrainScenario("drain-dedup", DedupProvider::new, 100),
            new DrainScenario("drain-push", PushDeviceProvider::new, 100),
            new FaultsScenario("faults-dedup", DedupProvider::new),
            new FaultsScenario("faults-push", PushDeviceProvider::new),
            new IdenticalPayloadsScenario(),
            new ReplyLostScenario());

    /** The scenarios that share a lane ({@link Lanes}): each provider's faults alone, the drains
     * together. */
    public static final List<Set<String>> LANES = List.of(Set.of("faults-dedup"), Set.of("faults-push"),
            Set.of("drain-dedup", "drain-push", "identical-payloads", "reply-lost"));

    @Override
    public void run(WorkloadContext context) throws Exception {
        Lanes.run(context, SCENARIOS, SendScenario::name, LANES, (lane, scenarios) -> {
            Database database = lane.requireDatabase();
            try (Connection admin = database.owner()) {
                LeaseSchema.create(admin);
                Scenarios.run(lane, scenarios, (scenario, i) -> new SendRig(lane, admin, scenario.name(),
                        (SCENARIOS.indexOf(scenario) + 1) * 1_000_000L, scenario.provider(), scenario.lease()),
                        SendRig::observe);
            }
        });
    }

    @Override
    public void explore(WorkloadContext context, List<ScheduleId> schedules) throws Exception {
        SendExplorer.explore(context, schedules);
    }
}
