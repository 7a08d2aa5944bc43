package dev.lockdrill.kata.circuitbreaker.protocol;

/** The names of the scenarios the checks single out (the workload runs them under these names). */
public final class Scenarios {
    public static final String MINIMUM_CALLS = "minimum-calls";
    public static final String OPEN_WAIT = "open-wait";
    public static final String HALF_OPEN_TRIALS = "half-open-trials";
    public static final String SLOW_CALLS = "slow-calls";
    public static final String CLOCK_JUMP = "clock-jump";
    public static final String FLAPPING = "flapping";
    public static final String HALF_OPEN_RACE = "half-open-race";

    private Scenarios() {
    }
}
