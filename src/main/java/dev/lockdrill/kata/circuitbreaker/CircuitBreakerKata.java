package dev.lockdrill.kata.circuitbreaker;

import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.Metrics;
import dev.lockdrill.harness.Workload;
import dev.lockdrill.kata.Clause;
import dev.lockdrill.kata.Kata;
import dev.lockdrill.kata.Needs;
import dev.lockdrill.kata.circuitbreaker.check.BreakerMetrics;
import dev.lockdrill.kata.circuitbreaker.check.CircuitBreakerInvariants;
import dev.lockdrill.kata.circuitbreaker.workload.CircuitBreakerWorkload;

import java.util.List;
import java.util.Set;

/** The circuit-breaker kata: how its check plugs into the pipeline. */
public final class CircuitBreakerKata implements Kata {
    @Override
    public String id() {
        return "circuit-breaker";
    }

    @Override
    public Class<? extends Workload> workload() {
        return CircuitBreakerWorkload.class;
    }

    @Override
    public List<Invariant> invariants() {
        return CircuitBreakerInvariants.all();
    }

    @Override
    public Metrics metrics() {
        return new BreakerMetrics();
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
