package dev.lockdrill.harness;

import dev.lockdrill.history.Pooler;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.Collectors;

/**
 * What every database scenario of a kata works with: the run's context, the harness's own
 * connection (as the run's role: {@link Database#owner()}), the scenario's name and its own seeded
 * random stream.
 */
public abstract class ScenarioRig {
    protected final WorkloadContext context;
    protected final Connection admin;
    protected final String scenario;
    private final SplittableRandom random;
    /** The run's sessions that do not go through the pooler (see {@link #throughPooler()}). */
    private Set<Object> direct = Set.of();

    protected ScenarioRig(WorkloadContext context, Connection admin, String scenario) {
        this.context = context;
        this.admin = admin;
        this.scenario = scenario;
        this.random = Seeds.forScenario(context.seed(), scenario);
    }

    public String scenario() {
        return scenario;
    }

    public SplittableRandom random() {
        return random;
    }

    public Recorder recorder() {
        return context.recorder();
    }

    public Connection admin() {
        return admin;
    }

    public Database database() {
        return context.requireDatabase();
    }

    public BackendKiller killer() {
        return new BackendKiller(database());
    }

    /**
     * Whether this scenario's workers can go through the run's pooler. If they cannot, the
     * scenario is not run: this records that, and why, so its invariant is reported not exercised.
     */
    public boolean throughPooler() throws SQLException {
        if (database().pooled()) {
            direct = Sql.rows(admin, "SELECT pid FROM pg_stat_activity WHERE application_name LIKE ?",
                    database().applicationName("%")).stream().map(row -> row.get("pid")).collect(Collectors.toSet());
            return true;
        }
        recorder().observe(Pooler.NOT_RUN, scenario, List.of(Pooler.notRun(database().noPooler())));
        return false;
    }

    /**
     * Records which of the run's server sessions, idle between transactions, still hold advisory
     * locks after {@code after} (a call that just returned): behind a transaction pooler that is
     * state the next client's transaction inherits. The run's sessions that were there before
     * {@link #throughPooler()} (an earlier scenario's leaked connections) are not the pooler's.
     */
    public void observePoolerSessions(String after) throws SQLException {
        List<Map<String, Object>> rows = new ArrayList<>();
        for (Map<String, Object> row : Sql.rows(admin, """
                SELECT a.pid, count(*) AS locks FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
                WHERE l.locktype = 'advisory' AND l.granted AND a.state = 'idle'
                  AND a.application_name LIKE ? AND a.application_name NOT LIKE ?
                GROUP BY a.pid ORDER BY a.pid""", database().applicationName("%"),
                database().applicationName("harness%"))) {
            if (direct.contains(row.get("pid"))) {
                continue;
            }
            Map<String, Object> observed = new LinkedHashMap<>(row);
            observed.put(Pooler.AFTER, after);
            rows.add(observed);
        }
        recorder().observe(Pooler.SESSION_LOCKS, scenario, rows);
    }
}
