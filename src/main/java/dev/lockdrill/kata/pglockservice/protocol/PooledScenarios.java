package dev.lockdrill.kata.pglockservice.protocol;

import java.util.Set;

/** The scenarios whose workers go through the run's PgBouncer: judged by holds-through-pooler alone. */
public final class PooledScenarios {
    public static final String HANDOVER = "pooled-handover";
    public static final Set<String> ALL = Set.of(HANDOVER);

    private PooledScenarios() {
    }
}
