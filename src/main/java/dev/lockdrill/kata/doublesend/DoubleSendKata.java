package dev.lockdrill.kata.doublesend;

import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.Metrics;
import dev.lockdrill.harness.Workload;
import dev.lockdrill.kata.Clause;
import dev.lockdrill.kata.Kata;
import dev.lockdrill.kata.Needs;
import dev.lockdrill.kata.doublesend.check.DoubleSendInvariants;
import dev.lockdrill.kata.doublesend.check.DoubleSendMetrics;
import dev.lockdrill.kata.doublesend.workload.DoubleSendWorkload;

import java.util.List;
import java.util.Set;

/** The double-send kata: how its check plugs into the pipeline. */
public final class DoubleSendKata implements Kata {
    @Override
    public String id() {
        return "double-send";
    }

    @Override
    public Class<? extends Workload> workload() {
        return DoubleSendWorkload.class;
    }

    @Override
    public List<Invariant> invariants() {
        return DoubleSendInvariants.all();
    }

    @Override
    public Metrics metrics() {
        return new DoubleSendMetrics();
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
