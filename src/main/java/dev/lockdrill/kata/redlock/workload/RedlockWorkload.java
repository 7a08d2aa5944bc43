package dev.lockdrill.kata.redlock.workload;

import dev.lockdrill.harness.Lanes;
import dev.lockdrill.harness.Scenarios;
import dev.lockdrill.harness.Database;
import dev.lockdrill.harness.Seeds;
import dev.lockdrill.harness.Sql;
import dev.lockdrill.harness.Workload;
import dev.lockdrill.harness.WorkloadContext;
import dev.lockdrill.harness.explore.Explorable;
import dev.lockdrill.harness.explore.Exploration;
import dev.lockdrill.support.ScheduleId;

import java.sql.Connection;
import java.util.List;
import java.util.Set;

/**
 * The redlock kata: five real Redis nodes for the run, the protected resource and the fence sequence
 * in the run's schema, then each scenario with its own proxies and faults.
 */
public final class RedlockWorkload implements Workload, Explorable {
    static final List<RedlockScenario> SCENARIOS = List.of(
            new HandoverScenario(),
            new MinorityFreeScenario(),
            new LateReleaseScenario(),
            new UnreachableNodeScenario(),
            new SlowNodeScenario(),
            new RacingClientsScenario(),
            new PausedHolderScenario(),
            new NodeRestartScenario(),
            new TtlCutScenario(),
            new PausedBeforeTokenScenario(HoldFirstRoundTrip.Side.BEFORE_THE_SERVER),
            new PausedBeforeTokenScenario(HoldFirstRoundTrip.Side.REPLY_HELD),
            new RestartBeforeTokenScenario(),
            new ReleaseInterleavedScenario());

    /**
     * The scenarios that share a lane ({@link Lanes}), each lane with five Redis nodes of its own
     * (a restarted node forgets every key on it): the late release with the quick ones, the paused
     * holder with the faulty nodes.
     */
    public static final List<Set<String>> LANES = List.of(
            Set.of("handover", "minority-free", "late-release", "ttl-cut", "node-restart", "paused-before-token",
                    "release-interleaved"),
            Set.of("unreachable-node", "slow-node", "racing-clients", "paused-holder", "token-reply-held",
                    "restart-before-token"));

    @Override
    public void run(WorkloadContext context) throws Exception {
        Lanes.run(context, SCENARIOS, RedlockScenario::name, LANES, (lane, scenarios) -> {
            Database database = lane.requireDatabase();
            try (Connection admin = database.owner()) {
                createSchema(lane, admin);
                try (RedisNodes nodes = RedisNodes.start()) {
                    Scenarios.run(lane, scenarios, (scenario, i) -> new RedlockRig(lane, admin, scenario.name(),
                            nodes));
                }
            }
        });
    }

    @Override
    public void explore(WorkloadContext context, List<ScheduleId> schedules) throws Exception {
        Database database = context.requireDatabase();
        try (Connection admin = database.owner()) {
            createSchema(context, admin);
            try (RedisNodes nodes = RedisNodes.start()) {
                Exploration.run(context, schedules, RedlockExplorer::generate,
                        schedule -> new RedlockExplorer(new RedlockRig(context, admin, schedule.scenario(), nodes)),
                        RedlockExplorer::take, RedlockExplorer::finish);
            }
        }
    }

    private static void createSchema(WorkloadContext context, Connection admin) throws Exception {
        Sql.exec(admin, """
                CREATE TABLE protected_resource (key text PRIMARY KEY, value text NOT NULL,
                    token bigint NOT NULL DEFAULT 0, lock_value text);
                CREATE TABLE resource_lease (resource text PRIMARY KEY, token bigint NOT NULL,
                    holder text NOT NULL, expires_at timestamptz NOT NULL);
                CREATE TABLE unfenced_writes (id bigserial PRIMARY KEY, scenario text NOT NULL, worker text NOT NULL,
                    value text NOT NULL);
                """);
        Sql.exec(admin, "CREATE SEQUENCE redlock_fence START WITH "
                + (10 + Seeds.forScenario(context.seed(), "fence").nextInt(80)));
    }
}
