package dev.lockdrill.kata.fencingtoken.workload;

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

/**
 * The fencing-token kata: creates the resource table (with an audit trigger that records every
 * change in commit order per key) and the harness's lease service, then runs each scenario.
 */
public final class FencingTokenWorkload implements Workload, Explorable {
    public static final FencingScenario DIGIT_BOUNDARY = new DigitBoundaryScenario();
    public static final FencingScenario PAUSED_HOLDER = new PausedHolderScenario();
    public static final FencingScenario STALLED_ROUND_TRIP = new StalledRoundTripScenario();
    public static final FencingScenario KILLED_MID_WRITE = new KilledMidWriteScenario();
    public static final FencingScenario TEN_WRITERS = new TenWritersScenario();
    public static final FencingScenario REPLY_LOST = new ReplyLostScenario();

    /** The scripted scenarios, in the order they run. */
    public static final List<FencingScenario> SCENARIOS = List.of(DIGIT_BOUNDARY, PAUSED_HOLDER, STALLED_ROUND_TRIP,
            KILLED_MID_WRITE, TEN_WRITERS, REPLY_LOST);

    @Override
    public void run(WorkloadContext context) throws Exception {
        Database database = context.requireDatabase();
        try (Connection admin = database.owner()) {
            createSchema(admin, 10 + Seeds.forScenario(context.seed(), "lease").nextInt(80));
            Scenarios.run(context, SCENARIOS, (scenario, i) -> new FencingRig(context, admin, scenario.name()),
                    FencingRig::observeStorage);
        }
    }

    @Override
    public void explore(WorkloadContext context, List<ScheduleId> schedules) throws Exception {
        Database database = context.requireDatabase();
        try (Connection admin = database.owner()) {
            createSchema(admin, 10 + Seeds.forScenario(context.seed(), "lease").nextInt(80));
            Exploration.run(context, schedules, FencingExplorer::generate,
                    schedule -> new FencingExplorer(new FencingRig(context, admin, schedule.scenario()),
                            schedule.steps()),
                    FencingExplorer::take, explorer -> explorer.rig().observeStorage());
        }
    }

    private static void createSchema(Connection admin, int firstLeaseToken) throws Exception {
        Sql.exec(admin, """
                CREATE TABLE fenced_resource (key text PRIMARY KEY, value text NOT NULL, token bigint NOT NULL);
                CREATE TABLE lockdrill_audit (seq bigserial PRIMARY KEY, key text NOT NULL, op text NOT NULL,
                    old_token bigint, new_token bigint, new_value text, app text);
                CREATE FUNCTION lockdrill_audit_fn() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN
                  IF TG_OP = 'DELETE' THEN
                    INSERT INTO lockdrill_audit(key, op, old_token, app)
                      VALUES (OLD.key, TG_OP, OLD.token, current_setting('application_name'));
                    RETURN OLD;
                  END IF;
                  INSERT INTO lockdrill_audit(key, op, old_token, new_token, new_value, app)
                    VALUES (NEW.key, TG_OP, CASE WHEN TG_OP = 'UPDATE' THEN OLD.token END, NEW.token, NEW.value,
                            current_setting('application_name'));
                  RETURN NEW;
                END $$;
                CREATE TRIGGER lockdrill_audit_trg AFTER INSERT OR UPDATE OR DELETE ON fenced_resource
                  FOR EACH ROW EXECUTE FUNCTION lockdrill_audit_fn();
                CREATE TABLE lockdrill_lease (name text PRIMARY KEY, holder text NOT NULL, token bigint NOT NULL,
                    expires_at timestamptz NOT NULL);
                """);
        Sql.exec(admin, "CREATE SEQUENCE lockdrill_fence START WITH " + firstLeaseToken);
    }
}
