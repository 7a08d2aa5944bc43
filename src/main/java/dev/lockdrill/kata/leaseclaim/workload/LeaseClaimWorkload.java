package dev.lockdrill.kata.leaseclaim.workload;

import dev.lockdrill.harness.Lanes;
import dev.lockdrill.harness.Scenarios;
import dev.lockdrill.harness.lease.LeaseSchema;
import dev.lockdrill.harness.Database;
import dev.lockdrill.harness.Sql;
import dev.lockdrill.harness.Workload;
import dev.lockdrill.harness.WorkloadContext;
import dev.lockdrill.harness.explore.Explorable;
import dev.lockdrill.support.ScheduleId;

import java.sql.Connection;
import java.util.List;
import java.util.Set;

/**
 * The lease-claim kata: creates the notifications table (with an audit trigger that records
 * every change of a row in commit order, stamped with the database's clock), then runs each
 * scenario on rows of its own.
 */
public final class LeaseClaimWorkload implements Workload, Explorable {
    static final List<LeaseScenario> SCENARIOS = List.of(
            new PausedPastLeaseScenario(),
            new ContendedRowScenario(),
            new StalledClaimScenario(false),
            new SkewedClockScenario(),
            new RestartedWorkerScenario(),
            new RenewedThenCrashedScenario(),
            new ClaimHammerScenario(),
            new TenWorkersScenario(),
            new StalledClaimScenario(true),
            new ClaimBoundsScenario(),
            new ReplyLostScenario());

    /**
     * The scenarios that share a lane ({@link Lanes}): the paused worker with the short ones (and
     * the pooled one, which needs lane 0), the crashes and lost replies, the crowds.
     */
    public static final List<Set<String>> LANES = List.of(
            Set.of("paused-past-lease", "contended-row", "stalled-claim", "pooled-stalled-claim", "claim-bounds"),
            Set.of("restarted-worker", "renewed-then-crashed", "reply-lost"),
            Set.of("skewed-clock", "claim-hammer", "ten-workers"));

    @Override
    public void run(WorkloadContext context) throws Exception {
        Lanes.run(context, SCENARIOS, LeaseScenario::name, LANES, (lane, scenarios) -> {
            Database database = lane.requireDatabase();
            try (Connection admin = database.owner()) {
                LeaseSchema.create(admin);
                Scenarios.run(lane, scenarios, (scenario, i) -> new LeaseRig(lane, admin, scenario.name(),
                        scenario.firstId(SCENARIOS.indexOf(scenario))), LeaseRig::observeStorage);
            }
        });
    }

    @Override
    public void explore(WorkloadContext context, List<ScheduleId> schedules) throws Exception {
        LeaseExplorer.explore(context, schedules);
    }
}
