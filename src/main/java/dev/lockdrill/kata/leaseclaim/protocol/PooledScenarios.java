package dev.lockdrill.kata.leaseclaim.protocol;

import java.util.Set;

/** The scenarios whose workers go through the run's PgBouncer: judged by holds-through-pooler alone. */
public final class PooledScenarios {
    public static final String STALLED_CLAIM = "pooled-stalled-claim";
    public static final Set<String> ALL = Set.of(STALLED_CLAIM);

    private PooledScenarios() {
    }
}
