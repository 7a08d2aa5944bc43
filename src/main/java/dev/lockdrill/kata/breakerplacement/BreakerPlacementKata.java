package dev.lockdrill.kata.breakerplacement;

import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.Metrics;
import dev.lockdrill.harness.Workload;
import dev.lockdrill.kata.Clause;
import dev.lockdrill.kata.Kata;
import dev.lockdrill.kata.Needs;
import dev.lockdrill.kata.breakerplacement.check.EmitterInvariants;
import dev.lockdrill.kata.breakerplacement.check.EmitterMetrics;
import dev.lockdrill.kata.breakerplacement.workload.EmitterWorkload;

import java.util.List;
import java.util.Set;

/** The breaker-placement kata: how its check plugs into the pipeline. */
public final class BreakerPlacementKata implements Kata {
    @Override
    public String id() {
        return "breaker-placement";
    }

    @Override
    public Class<? extends Workload> workload() {
        return EmitterWorkload.class;
    }

    @Override
    public List<Invariant> invariants() {
        return EmitterInvariants.all();
    }

    @Override
    public Metrics metrics() {
        return new EmitterMetrics();
    }

    @Override
    public Set<Needs> needs() {
        return Set.of();
    }

    @Override
    public List<Clause> contract() {
        return List.of();
    }
}
