package dev.lockdrill.kata.fencingtoken;

import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.Metrics;
import dev.lockdrill.harness.Workload;
import dev.lockdrill.kata.Clause;
import dev.lockdrill.kata.Kata;
import dev.lockdrill.kata.Needs;
import dev.lockdrill.kata.fencingtoken.check.FencingTokenInvariants;
import dev.lockdrill.kata.fencingtoken.check.FencingMetrics;
import dev.lockdrill.kata.fencingtoken.workload.FencingTokenWorkload;

import java.util.List;
import java.util.Set;

/** The fencing-token kata: how its check plugs into the pipeline. */
public final class FencingTokenKata implements Kata {
    @Override
    public String id() {
        return "fencing-token";
    }

    @Override
    public Class<? extends Workload> workload() {
        return FencingTokenWorkload.class;
    }

    @Override
    public List<Invariant> invariants() {
        return FencingTokenInvariants.all();
    }

    @Override
    public Metrics metrics() {
        return new FencingMetrics();
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
