package dev.lockdrill.kata.pglockservice;

import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.Metrics;
import dev.lockdrill.harness.Workload;
import dev.lockdrill.kata.Clause;
import dev.lockdrill.kata.Kata;
import dev.lockdrill.kata.Needs;
import dev.lockdrill.kata.pglockservice.check.LockServiceInvariants;
import dev.lockdrill.kata.pglockservice.check.LockServiceMetrics;
import dev.lockdrill.kata.pglockservice.workload.LockServiceWorkload;

import java.util.List;
import java.util.Set;

/** The pg-lock-service kata: how its check plugs into the pipeline. */
public final class PgLockServiceKata implements Kata {
    @Override
    public String id() {
        return "pg-lock-service";
    }

    @Override
    public Class<? extends Workload> workload() {
        return LockServiceWorkload.class;
    }

    @Override
    public List<Invariant> invariants() {
        return LockServiceInvariants.all();
    }

    @Override
    public Metrics metrics() {
        return new LockServiceMetrics();
    }

    @Override
    public Set<Needs> needs() {
        return Set.of(Needs.POSTGRES);
    }

    @Override
    public List<Clause> contract() {
        return List.of();
    }
}
