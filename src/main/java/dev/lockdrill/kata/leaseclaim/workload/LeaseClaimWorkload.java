package dev.lockdrill.kata.leaseclaim.workload;

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
            new StalledClaimScenario(true));

    @Override
    public void run(WorkloadContext context) throws Exception {
        Database database = context.requireDatabase();
        try (Connection admin = database.owner()) {
            LeaseSchema.create(admin);
            Scenarios.run(context, SCENARIOS, (scenario, i) -> new LeaseRig(context, admin, scenario.name(),
                    (i + 1) * 100_000L), LeaseRig::observeStorage);
        }
    }

    @Override
    public void explore(WorkloadContext context, List<ScheduleId> schedules) throws Exception {
        LeaseExplorer.explore(context, schedules);
    }
}
