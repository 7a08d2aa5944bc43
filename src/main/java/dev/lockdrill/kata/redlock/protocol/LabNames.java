package dev.lockdrill.kata.redlock.protocol;

import java.util.List;

/** The db-vs-redlock lab's services and scenarios; a scenario is recorded as "service/fault". */
public final class LabNames {
    public static final String PG = "pg-lock-service";
    public static final String REDLOCK = "redlock";
    public static final List<String> SERVICES = List.of(PG, REDLOCK);
    public static final String CONTENTION = "contention";
    public static final String PAUSED = "paused-holder";
    public static final String CLOCK = "clock-jump";
    public static final String LOST = "lost-node";
    public static final List<String> FAULTS = List.of(PAUSED, CLOCK, LOST);

    private LabNames() {
    }
}
