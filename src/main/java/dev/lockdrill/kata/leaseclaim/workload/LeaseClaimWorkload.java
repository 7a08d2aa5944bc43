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
    public static final LeaseScenario PAUSED_PAST_LEASE = new PausedPastLeaseScenario();
    public static final LeaseScenario CONTENDED_ROW = new ContendedRowScenario();
    public static final LeaseScenario STALLED_CLAIM = new StalledClaimScenario(false);
    public static final LeaseScenario SKEWED_CLOCK = new SkewedClockScenario();
    public static final LeaseScenario RESTARTED_WORKER = new RestartedWorkerScenario();
    public static final LeaseScenario RENEWED_THEN_CRASHED = new RenewedThenCrashedScenario();
    public static final LeaseScenario CLAIM_HAMMER = new ClaimHammerScenario();
    public static final LeaseScenario TEN_WORKERS = new TenWorkersScenario();
    public static final LeaseScenario POOLED_STALLED_CLAIM = new StalledClaimScenario(true);
    public static final LeaseScenario CLAIM_BOUNDS = new ClaimBoundsScenario();
    public static final LeaseScenario REPLY_LOST = new ReplyLostScenario();

    /** The scripted scenarios, in the order they run. */
    public static final List<LeaseScenario> SCENARIOS = List.of(PAUSED_PAST_LEASE, CONTENDED_ROW, STALLED_CLAIM,
            SKEWED_CLOCK, RESTARTED_WORKER, RENEWED_THEN_CRASHED, CLAIM_HAMMER, TEN_WORKERS, POOLED_STALLED_CLAIM,
            CLAIM_BOUNDS, REPLY_LOST);

    /**
     * The scenarios that share a lane ({@link Lanes}): the paused worker with the short ones (and
     * the pooled one, which needs lane 0), the crashes and lost replies, the crowds.
     */
    public static final List<Set<LeaseScenario>> LANES = List.of(
            Set.of(PAUSED_PAST_LEASE, CONTENDED_ROW, STALLED_CLAIM, POOLED_STALLED_CLAIM, CLAIM_BOUNDS),
            Set.of(RESTARTED_WORKER, RENEWED_THEN_CRASHED, REPLY_LOST),
            Set.of(SKEWED_CLOCK, CLAIM_HAMMER, TEN_WORKERS));

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
