package dev.lockdrill.kata.bulkhead;

import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.Metrics;
import dev.lockdrill.harness.Workload;
import dev.lockdrill.kata.Clause;
import dev.lockdrill.kata.Kata;
import dev.lockdrill.kata.Needs;
import dev.lockdrill.kata.bulkhead.check.BulkheadInvariants;
import dev.lockdrill.kata.bulkhead.check.BulkheadMetrics;
import dev.lockdrill.kata.bulkhead.workload.BulkheadWorkload;

import java.util.List;
import java.util.Set;

/** The bulkhead kata: how its check plugs into the pipeline. */
public final class BulkheadKata implements Kata {
    @Override
    public String id() {
        return "bulkhead";
    }

    @Override
    public Class<? extends Workload> workload() {
        return BulkheadWorkload.class;
    }

    @Override
    public List<Invariant> invariants() {
        return BulkheadInvariants.all();
    }

    @Override
    public Metrics metrics() {
        return new BulkheadMetrics();
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
