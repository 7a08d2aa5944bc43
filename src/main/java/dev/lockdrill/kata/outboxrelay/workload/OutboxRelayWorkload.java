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
    public static final OutboxScenario ROLLED_BACK = new RolledBackScenario();
    public static final OutboxScenario LATE_COMMIT = new LateCommitScenario();
    public static final OutboxScenario BROKER_OUTAGE = new BrokerOutageScenario();
    public static final OutboxScenario KILLED_AFTER_PUBLISH = new KilledAfterPublishScenario();
    public static final OutboxScenario CRASHED_BEFORE_PUBLISH = new CrashedBeforePublishScenario();
    public static final OutboxScenario BROKER_TIMEOUT = new BrokerTimeoutScenario();
    public static final OutboxScenario BATCH_LIMITS = new BatchLimitsScenario();
    public static final OutboxScenario THREE_RELAYS = new ThreeRelaysScenario();
    public static final OutboxScenario SLOW_BROKER = new SlowBrokerScenario();
    public static final OutboxScenario POOLED_RELAYS = new PooledRelaysScenario();

    /** The scripted scenarios, in the order they run. */
    public static final List<OutboxScenario> SCENARIOS = List.of(ROLLED_BACK, LATE_COMMIT, BROKER_OUTAGE,
            KILLED_AFTER_PUBLISH, CRASHED_BEFORE_PUBLISH, BROKER_TIMEOUT, BATCH_LIMITS, THREE_RELAYS, SLOW_BROKER,
            POOLED_RELAYS);

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
