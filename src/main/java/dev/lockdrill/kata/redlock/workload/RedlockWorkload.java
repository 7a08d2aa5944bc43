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
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * The redlock kata: five real Redis nodes for the run, the protected resource and the fence sequence
 * in the run's schema, then each scenario with its own proxies and faults.
 */
public final class RedlockWorkload implements Workload, Explorable {
    public static final RedlockScenario HANDOVER = new HandoverScenario();
    public static final RedlockScenario MINORITY_FREE = new MinorityFreeScenario();
    public static final RedlockScenario LATE_RELEASE = new LateReleaseScenario();
    public static final RedlockScenario UNREACHABLE_NODE = new UnreachableNodeScenario();
    public static final RedlockScenario SLOW_NODE = new SlowNodeScenario();
    public static final RedlockScenario RACING_CLIENTS = new RacingClientsScenario();
    public static final RedlockScenario PAUSED_HOLDER = new PausedHolderScenario();
    public static final RedlockScenario NODE_RESTART = new NodeRestartScenario();
    public static final RedlockScenario TTL_CUT = new TtlCutScenario();
    public static final RedlockScenario PAUSED_BEFORE_TOKEN = new PausedBeforeTokenScenario(HoldFirstRoundTrip.Side.BEFORE_THE_SERVER);
    public static final RedlockScenario TOKEN_REPLY_HELD = new PausedBeforeTokenScenario(HoldFirstRoundTrip.Side.REPLY_HELD);
    public static final RedlockScenario RESTART_BEFORE_TOKEN = new RestartBeforeTokenScenario();
    public static final RedlockScenario RELEASE_INTERLEAVED = new ReleaseInterleavedScenario();

    /** The scripted scenarios, in the order they run. */
    public static final List<RedlockScenario> SCENARIOS = List.of(HANDOVER, MINORITY_FREE, LATE_RELEASE,
            UNREACHABLE_NODE, SLOW_NODE, RACING_CLIENTS, PAUSED_HOLDER, NODE_RESTART, TTL_CUT, PAUSED_BEFORE_TOKEN,
            TOKEN_REPLY_HELD, RESTART_BEFORE_TOKEN, RELEASE_INTERLEAVED);

    /**
     * The scenarios that share a lane ({@link Lanes}), each lane with five Redis nodes of its own
     * (a restarted node forgets every key on it): the late release with the quick ones, the paused
     * holder with the faulty nodes, and the two fences raced against their grant (about 0.4 s of
     * waiting each) in a third lane, so no lane waits much more than a second.
     */
    public static final List<Set<RedlockScenario>> LANES = List.of(
            Set.of(HANDOVER, MINORITY_FREE, LATE_RELEASE, TTL_CUT, NODE_RESTART, RELEASE_INTERLEAVED),
            Set.of(UNREACHABLE_NODE, SLOW_NODE, RACING_CLIENTS, PAUSED_HOLDER),
            Set.of(PAUSED_BEFORE_TOKEN, TOKEN_REPLY_HELD, RESTART_BEFORE_TOKEN));

    /**
     * Node sets a check process started ahead of its check brought up while it waited, one per lane:
     * five redis-server processes take a lane about 0.4 s to start, which a check then does not wait
     * for. Each set is fresh (no key was ever written to it) and is used by one lane, or closed.
     */
    private static final Queue<RedisNodes> STARTED_AHEAD = new ConcurrentLinkedQueue<>();

    @Override
    public void prepareAhead() {
        for (int lane = 0; lane < LANES.size(); lane++) {
            STARTED_AHEAD.add(RedisNodes.start());
        }
    }

    /** A fresh set of five nodes: one started ahead, or one started now. */
    static RedisNodes nodes() {
        RedisNodes ahead = STARTED_AHEAD.poll();
        return ahead != null ? ahead : RedisNodes.start();
    }

    /** Stops the node sets started ahead that no lane took (a run with fewer lanes). */
    static void closeUnused() {
        for (RedisNodes unused; (unused = STARTED_AHEAD.poll()) != null; ) {
            unused.close();
        }
    }

    @Override
    public void run(WorkloadContext context) throws Exception {
        Lanes.run(context, SCENARIOS, RedlockScenario::name, LANES, (lane, scenarios) -> {
            Database database = lane.requireDatabase();
            try (Connection admin = database.owner()) {
                createSchema(lane, admin);
                try (RedisNodes nodes = nodes()) {
                    Scenarios.run(lane, scenarios, (scenario, i) -> new RedlockRig(lane, admin, scenario.name(),
                            nodes));
                }
            }
        });
        closeUnused();
    }

    @Override
    public void explore(WorkloadContext context, List<ScheduleId> schedules) throws Exception {
        Database database = context.requireDatabase();
        try (Connection admin = database.owner()) {
            createSchema(context, admin);
            try (RedisNodes nodes = nodes()) {
                closeUnused();
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
