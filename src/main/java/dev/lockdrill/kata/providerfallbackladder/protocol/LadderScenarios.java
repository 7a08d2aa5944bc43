package dev.lockdrill.kata.providerfallbackladder.protocol;

/** The names of the ladder's scenarios (the workload runs them under these names; clauses and metrics name them). */
public final class LadderScenarios {
    public static final String HANGING_PROVIDER = "hanging-provider";
    public static final String SHARED_BY_WORKERS = "shared-by-workers";
    public static final String FAIL_FAST_PROVIDER = "fail-fast-provider";
    public static final String FLAPPING_PROVIDER = "flapping-provider";
    public static final String RECOVERING_PROVIDER = "recovering-provider";
    public static final String SLOW_PROVIDER = "slow-provider";
    public static final String ALL_DOWN = "all-down";
    public static final String CLIENT_ERRORS = "client-errors";
    public static final String EXPIRY_STAMPEDE = "expiry-stampede";

    private LadderScenarios() {
    }
}
