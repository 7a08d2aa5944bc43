package dev.lockdrill.katas.api.ladder;

import java.time.Duration;
import java.util.List;

/**
 * The ladder: its rungs in the order they are tried, the most one job may spend across all of them
 * ({@code jobBudget}, on the ticker), and how long a provider that failed stays down
 * ({@code downTtl}, on the ticker, from the moment its failure came back).
 */
public record LadderConfig(List<Rung> rungs, Duration jobBudget, Duration downTtl) {
    public LadderConfig {
        rungs = List.copyOf(rungs);
        if (rungs.isEmpty() || jobBudget.isNegative() || jobBudget.isZero() || downTtl.isNegative()
                || downTtl.isZero()) {
            throw new IllegalArgumentException("a ladder needs a rung, a positive budget and a positive TTL");
        }
    }
}
