package dev.lockdrill.kata.outboxrelay;

import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.Metrics;
import dev.lockdrill.harness.Workload;
import dev.lockdrill.kata.Clause;
import dev.lockdrill.kata.Kata;
import dev.lockdrill.kata.Needs;
import dev.lockdrill.kata.outboxrelay.check.OutboxRelayInvariants;
import dev.lockdrill.kata.outboxrelay.check.OutboxMetrics;
import dev.lockdrill.kata.outboxrelay.workload.OutboxRelayWorkload;

import java.util.List;
import java.util.Set;

/** The outbox-relay kata: how its check plugs into the pipeline. */
public final class OutboxRelayKata implements Kata {
    @Override
    public String id() {
        return "outbox-relay";
    }

    @Override
    public Class<? extends Workload> workload() {
        return OutboxRelayWorkload.class;
    }

    @Override
    public List<Invariant> invariants() {
        return OutboxRelayInvariants.all();
    }

    @Override
    public Metrics metrics() {
        return new OutboxMetrics();
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
