package dev.lockdrill.app;

import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.Metrics;

import java.util.List;

/**
 * How a kata plugs into the pipeline: the workload its check process runs, the invariants and
 * figures computed over the history, and whether it needs PostgreSQL.
 */
public record KataDefinition(String id, String workloadClass, List<Invariant> invariants, Metrics metrics,
                             boolean needsDatabase) {
    public KataDefinition {
        invariants = List.copyOf(invariants);
    }
}
