package dev.lockdrill.harness;

import java.sql.Connection;
import java.util.SplittableRandom;

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
}
