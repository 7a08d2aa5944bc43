package dev.lockdrill.kata.pglockservice.workload;

import dev.lockdrill.harness.Lanes;
import dev.lockdrill.harness.Scenarios;
import dev.lockdrill.harness.Database;
import dev.lockdrill.harness.Seeds;
import dev.lockdrill.harness.Sql;
import dev.lockdrill.harness.Workload;
import dev.lockdrill.harness.WorkloadContext;
import dev.lockdrill.harness.explore.Explorable;
import dev.lockdrill.support.ScheduleId;

import java.sql.Connection;
import java.util.List;
import java.util.Set;

/**
 * The pg-lock-service kata: creates the lock table, the token sequence and the protected
 * resource (a fenced table the harness writes on the holders' behalf), then runs each scenario.
 * Two triggers of the harness's own watch the locks table: one records every token it takes, in
 * the order the rows were written (a row's writers queue on its lock, so per name this is commit
 * order); the other stalls an armed worker inside the statement that writes a row.
 */
public final class LockServiceWorkload implements Workload, Explorable {
    /** The advisory lock (two-key form, apart from any hashtext(name) key) the stall trigger waits on. */
    static final String STALL_LOCK = "7373, 1";
    public static final LockScenario HANDOVER = new HandoverScenario();
    public static final LockScenario PAUSED_PAST_TTL = new PausedHolderScenario();
    public static final LockScenario RENEW_THEN_STOP = new RenewThenStopScenario();
    public static final LockScenario RENEW_LENGTHS = new RenewLengthsScenario();
    public static final LockScenario CLOCK_JUMP = new ClockJumpScenario();
    public static final LockScenario KILLED_LOCK_SESSION = new KilledLockSessionScenario();
    public static final LockScenario STALLED_ACQUIRE = new StalledAcquireScenario();
    public static final LockScenario CONTENDERS = new ContendersScenario();
    public static final LockScenario POOLED_HANDOVER = new PooledHandoverScenario();
    public static final LockScenario REPLY_LOST = new ReplyLostScenario();
    public static final LockScenario INTERLEAVED_ACQUIRES = new InterleavedAcquiresScenario();

    /** The scripted scenarios, in the order they run. */
    public static final List<LockScenario> SCENARIOS = List.of(HANDOVER, PAUSED_PAST_TTL, RENEW_THEN_STOP,
            RENEW_LENGTHS, CLOCK_JUMP, KILLED_LOCK_SESSION, STALLED_ACQUIRE, INTERLEAVED_ACQUIRES, CONTENDERS, POOLED_HANDOVER,
            REPLY_LOST);

    /**
     * The scenarios that share a lane ({@link Lanes}): the quick ones (and the pooled one, which
     * needs lane 0), then the waits dealt so no lane holds much more than one long one (renew-then-stop
     * alone waits about a second; with renew-lengths beside it its lane set the check's length).
     */
    public static final List<Set<LockScenario>> LANES = List.of(
            Set.of(HANDOVER, STALLED_ACQUIRE, CONTENDERS, KILLED_LOCK_SESSION, POOLED_HANDOVER),
            Set.of(RENEW_THEN_STOP, REPLY_LOST),
            Set.of(PAUSED_PAST_TTL, INTERLEAVED_ACQUIRES),
            Set.of(RENEW_LENGTHS, CLOCK_JUMP));

    @Override
    public void run(WorkloadContext context) throws Exception {
        Lanes.run(context, SCENARIOS, LockScenario::name, LANES, (lane, scenarios) -> {
            Database database = lane.requireDatabase();
            try (Connection admin = database.owner(); HarnessSessions sessions = new HarnessSessions(database)) {
                createSchema(lane, admin);
                Scenarios.run(lane, scenarios, (scenario, i) -> new LockRig(lane, admin, sessions, scenario.name()),
                        LockRig::observeLockHistory);
            }
        });
    }

    @Override
    public void explore(WorkloadContext context, List<ScheduleId> schedules) throws Exception {
        LockExplorer.explore(context, schedules);
    }

    static void createSchema(WorkloadContext context, Connection admin) throws Exception {
        {
            Sql.exec(admin, """
                    CREATE TABLE locks (name text PRIMARY KEY, holder text NOT NULL, token bigint NOT NULL,
                        lease_until timestamptz NOT NULL);
                    CREATE TABLE protected_resource (key text PRIMARY KEY, value text NOT NULL, token bigint NOT NULL);
                    """);
            Sql.exec(admin, "CREATE SEQUENCE lock_fence START WITH "
                    + (10 + Seeds.forScenario(context.seed(), "fence").nextInt(80)));
            Sql.exec(admin, """
                    CREATE TABLE lockdrill_lock_history (seq bigserial PRIMARY KEY, name text NOT NULL, op text NOT NULL,
                        token bigint, app text, live boolean);
                    CREATE FUNCTION lockdrill_lock_history_fn() RETURNS trigger LANGUAGE plpgsql AS $$
                    BEGIN
                      IF TG_OP = 'INSERT' OR NEW.token IS DISTINCT FROM OLD.token THEN
                        INSERT INTO lockdrill_lock_history(name, op, token, app, live)
                          VALUES (NEW.name, TG_OP, NEW.token, current_setting('application_name'),
                                  NEW.lease_until > clock_timestamp());
                      END IF;
                      RETURN NULL;
                    END $$;
                    CREATE TRIGGER lockdrill_lock_history_trg AFTER INSERT OR UPDATE ON locks
                      FOR EACH ROW EXECUTE FUNCTION lockdrill_lock_history_fn();
                    CREATE TABLE lockdrill_stall (app text PRIMARY KEY);
                    CREATE FUNCTION lockdrill_stall_fn() RETURNS trigger LANGUAGE plpgsql AS $$
                    BEGIN
                      IF EXISTS (SELECT 1 FROM lockdrill_stall WHERE app = current_setting('application_name')) THEN
                        PERFORM pg_advisory_xact_lock(%s);
                      END IF;
                      RETURN NEW;
                    END $$;
                    CREATE TRIGGER lockdrill_stall_trg BEFORE INSERT OR UPDATE ON locks
                      FOR EACH ROW EXECUTE FUNCTION lockdrill_stall_fn();
                    """.formatted(STALL_LOCK));
        }
    }
}
