package dev.lockdrill.kata.leaseclaim;

import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.Metrics;
import dev.lockdrill.harness.Workload;
import dev.lockdrill.kata.Clause;
import dev.lockdrill.kata.Kata;
import dev.lockdrill.kata.Needs;
import dev.lockdrill.kata.leaseclaim.check.LeaseClaimInvariants;
import dev.lockdrill.kata.leaseclaim.check.LeaseMetrics;
import dev.lockdrill.kata.leaseclaim.workload.LeaseClaimWorkload;

import java.util.List;
import java.util.Set;

/** The lease-claim kata: how its check plugs into the pipeline. */
public final class LeaseClaimKata implements Kata {
    @Override
    public String id() {
        return "lease-claim";
    }

    @Override
    public Class<? extends Workload> workload() {
        return LeaseClaimWorkload.class;
    }

    @Override
    public List<Invariant> invariants() {
        return LeaseClaimInvariants.all();
    }

    @Override
    public Metrics metrics() {
        return new LeaseMetrics();
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
