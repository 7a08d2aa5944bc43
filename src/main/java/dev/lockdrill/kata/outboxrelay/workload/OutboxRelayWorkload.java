package dev.lockdrill.kata.outboxrelay.workload;

import dev.lockdrill.harness.Scenarios;
import dev.lockdrill.harness.Database;
import dev.lockdrill.harness.Sql;
import dev.lockdrill.harness.Workload;
import dev.lockdrill.harness.WorkloadContext;
import dev.lockdrill.harness.explore.Explorable;
import dev.lockdrill.harness.explore.Exploration;
import dev.lockdrill.support.ScheduleId;

import java.sql.Connection;
import java.util.List;

/**
 * The outbox-relay kata: creates the outbox and a business table, then runs each scenario. The
 * outbox is emptied between scenarios (after its ground truth is recorded), so a relay never
 * meets another scenario's leftovers.
 */
public final class OutboxRelayWorkload implements Workload, Explorable {
    static final List<OutboxScenario> SCENARIOS = List.of(
            new RolledBackScenario(),
            new LateCommitScenario(),
            new BrokerOutageScenario(),
            new KilledAfterPublishScenario(),
            new CrashedBeforePublishScenario(),
            new BrokerTimeoutScenario(),
            new BatchLimitsScenario(),
            new ThreeRelaysScenario(),
            new SlowBrokerScenario(),
            new PooledRelaysScenario());

    @Override
    public void run(WorkloadContext context) throws Exception {
        Database database = context.requireDatabase();
        try (Connection admin = database.owner()) {
            createSchema(admin);
            Scenarios.run(context, SCENARIOS, (scenario, i) -> new OutboxRig(context, admin, scenario.name()), rig -> {
                rig.observeOutbox();
                Sql.exec(admin, "DELETE FROM outbox");
            });
        }
    }

    @Override
    public void explore(WorkloadContext context, List<ScheduleId> schedules) throws Exception {
        Database database = context.requireDatabase();
        try (Connection admin = database.owner()) {
            createSchema(admin);
            Exploration.run(context, schedules, OutboxExplorer::generate,
                    schedule -> new OutboxExplorer(new OutboxRig(context, admin, schedule.scenario())),
                    OutboxExplorer::take, OutboxExplorer::finish);
        }
    }

    private static void createSchema(Connection admin) throws Exception {
        Sql.exec(admin, """
                CREATE TABLE outbox (id bigserial PRIMARY KEY, event_id text NOT NULL UNIQUE,
                    aggregate_id text NOT NULL, seq bigint NOT NULL, payload text NOT NULL,
                    created_at timestamptz NOT NULL DEFAULT clock_timestamp(), published_at timestamptz);
                CREATE TABLE business_order (id bigserial PRIMARY KEY, note text NOT NULL);
                """);
    }
}
