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
    public static final String SLOW_BOUNDARY = "slow-boundary";
    public static final String TICKER_WRAP = "ticker-wrap";
    public static final String HALF_OPEN_TRICKLE = "half-open-trickle";
    public static final String ABANDONED_PERMITS = "abandoned-permits";
    public static final String SLIDING_WINDOW = "sliding-window";
    public static final String OUTCOME_HAMMER = "outcome-hammer";
    public static final String FRACTIONAL_THRESHOLDS = "fractional-thresholds";
    public static final String HALF_OPEN_ORDERS = "half-open-orders";
    public static final String INTERLEAVED_CALLS = "interleaved-calls";

    private Scenarios() {
    }
}
