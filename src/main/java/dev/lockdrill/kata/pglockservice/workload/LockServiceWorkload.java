package dev.lockdrill.kata.pglockservice.workload;

import dev.lockdrill.harness.Database;
import dev.lockdrill.harness.Seeds;
import dev.lockdrill.harness.Sql;
import dev.lockdrill.harness.Workload;
import dev.lockdrill.harness.WorkloadContext;

import java.sql.Connection;
import java.util.List;

/**
 * The pg-lock-service kata: creates the lock table, the token sequence and the protected
 * resource (a fenced table the harness writes on the holders' behalf), then runs each scenario.
 */
public final class LockServiceWorkload implements Workload {
    static final List<LockScenario> SCENARIOS = List.of(
            new HandoverScenario(),
            new PausedHolderScenario(),
            new ClockJumpScenario(),
            new KilledLockSessionScenario(),
            new StalledAcquireScenario(),
            new ContendersScenario());

    @Override
    public void run(WorkloadContext context) throws Exception {
        Database database = context.requireDatabase();
        try (Connection admin = database.admin(); HarnessSessions sessions = new HarnessSessions(database)) {
            Sql.exec(admin, """
                    CREATE TABLE locks (name text PRIMARY KEY, holder text NOT NULL, token bigint NOT NULL,
                        lease_until timestamptz NOT NULL);
                    CREATE TABLE protected_resource (key text PRIMARY KEY, value text NOT NULL, token bigint NOT NULL);
                    """);
            Sql.exec(admin, "CREATE SEQUENCE lock_fence START WITH "
                    + (10 + Seeds.forScenario(context.seed(), "fence").nextInt(80)));
            for (LockScenario scenario : SCENARIOS) {
                context.recorder().progress(scenario.name(), scenario.summary());
                try (LockRig rig = new LockRig(context, admin, sessions, scenario.name())) {
                    scenario.run(rig);
                }
            }
        }
    }
}
