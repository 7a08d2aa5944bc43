package dev.lockdrill.kata.redlock.protocol;

import java.util.List;

/** The db-vs-redlock lab's services and scenarios; a scenario is recorded as "service/fault". */
public final class LabNames {
    /** PostgreSQL as the lock service: the pg-lock-service reference, its token drawn with the grant. */
    public static final String PG = "pg-lock-service";
    /** Redlock with a token from a sequence drawn after the majority (the harness's own client). */
    public static final String REDLOCK_SEQUENCE = "redlock-sequence";
    /** The redlock reference: Redlock in front, the grant and its token from the resource's PostgreSQL. */
    public static final String REDLOCK = "redlock";
    public static final List<String> SERVICES = List.of(PG, REDLOCK_SEQUENCE, REDLOCK);
    public static final String CONTENTION = "contention";
    public static final String PAUSED = "paused-holder";
    public static final String BEFORE_TOKEN = "paused-before-token";
    public static final String CLOCK = "clock-jump";
    public static final String LOST = "lost-node";
    public static final List<String> FAULTS = List.of(PAUSED, BEFORE_TOKEN, CLOCK, LOST);

    private LabNames() {
    }
}
