package dev.lockdrill.kata;

import dev.lockdrill.harness.Workload;
import dev.lockdrill.history.NamedScenario;

import java.util.List;
import java.util.Set;

/** A kata whose id, workload, scripted scenarios and needs are declared once, in its constructor. */
public abstract class DeclaredKata implements Kata {
    private final String id;
    private final Class<? extends Workload> workload;
    private final List<NamedScenario> scenarios;
    private final Set<Needs> needs;

    protected DeclaredKata(String id, Class<? extends Workload> workload, List<? extends NamedScenario> scenarios,
                           Needs... needs) {
        this.id = id;
        this.workload = workload;
        this.scenarios = List.copyOf(scenarios);
        this.needs = Set.of(needs);
    }

    @Override
    public final String id() {
        return id;
    }

    @Override
    public final Class<? extends Workload> workload() {
        return workload;
    }

    @Override
    public final List<NamedScenario> scenarios() {
        return scenarios;
    }

    @Override
    public final Set<Needs> needs() {
        return needs;
    }
}
