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
    public static final SendScenario DRAIN_DEDUP = new DrainScenario("drain-dedup", DedupProvider::new, 100);
    public static final SendScenario DRAIN_PUSH = new DrainScenario("drain-push", PushDeviceProvider::new, 100);
    public static final SendScenario FAULTS_DEDUP = new FaultsScenario("faults-dedup", DedupProvider::new);
    public static final SendScenario FAULTS_PUSH = new FaultsScenario("faults-push", PushDeviceProvider::new);
    public static final SendScenario IDENTICAL_PAYLOADS = new IdenticalPayloadsScenario();
    public static final SendScenario REPLY_LOST = new ReplyLostScenario();

    /** The scripted scenarios, in the order they run. */
    public static final List<SendScenario> SCENARIOS = List.of(DRAIN_DEDUP, DRAIN_PUSH, FAULTS_DEDUP, FAULTS_PUSH,
            IDENTICAL_PAYLOADS, REPLY_LOST);

    /** The scenarios that share a lane ({@link Lanes}): each provider's faults alone, the drains
     * in two lanes, so none is longer than the faults' (about 1.7 s). */
    public static final List<Set<SendScenario>> LANES = List.of(Set.of(FAULTS_DEDUP), Set.of(FAULTS_PUSH),
            Set.of(DRAIN_DEDUP, IDENTICAL_PAYLOADS), Set.of(DRAIN_PUSH, REPLY_LOST));

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
