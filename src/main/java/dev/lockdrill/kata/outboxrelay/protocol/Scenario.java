package dev.lockdrill.kata.outboxrelay.protocol;

import java.util.Set;

/** The scenarios of the outbox-relay check, by the name the history and the contract use. */
public enum Scenario {
    ROLLED_BACK("rolled-back"),
    LATE_COMMIT("late-commit"),
    BROKER_OUTAGE("broker-outage"),
    KILLED_AFTER_PUBLISH("killed-after-publish"),
    CRASHED_BEFORE_PUBLISH("crashed-before-publish"),
    BROKER_TIMEOUT("broker-timeout"),
    BATCH_LIMITS("batch-limits"),
    THREE_RELAYS("three-relays"),
    SLOW_BROKER("slow-broker"),
    POOLED_RELAYS("pooled-relays");

    /** The scenarios whose relays go through the run's PgBouncer: judged by holds-through-pooler alone. */
    public static final Set<String> POOLED = Set.of(POOLED_RELAYS.label());

    private final String label;

    Scenario(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
