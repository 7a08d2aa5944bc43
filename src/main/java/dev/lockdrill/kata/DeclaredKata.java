package dev.lockdrill.kata;

import dev.lockdrill.harness.Workload;

import java.util.Set;

/** A kata whose id, workload and needs are declared once, in its constructor. */
public abstract class DeclaredKata implements Kata {
    private final String id;
    private final Class<? extends Workload> workload;
    private final Set<Needs> needs;

    protected DeclaredKata(String id, Class<? extends Workload> workload, Needs... needs) {
        this.id = id;
        this.workload = workload;
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
    public final Set<Needs> needs() {
        return needs;
    }
}
