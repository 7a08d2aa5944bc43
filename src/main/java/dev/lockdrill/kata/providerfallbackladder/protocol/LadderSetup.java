package dev.lockdrill.kata.providerfallbackladder.protocol;

import dev.lockdrill.history.Fields;

import java.util.List;
import java.util.Map;

/**
 * How one ladder under test was built (a row of the {@value #OBSERVATION} observation): its id,
 * its providers and their timeouts in rung order, the job budget and the down TTL in nanoseconds,
 * and the tick its ticker started at (times in the evidence are counted from it).
 */
public record LadderSetup(String ladder, List<String> providers, List<Long> timeoutsNanos, long budgetNanos,
                          long ttlNanos, long originTick) {
    public static final String OBSERVATION = "ladder-setup";

    public LadderSetup {
        providers = List.copyOf(providers);
        timeoutsNanos = List.copyOf(timeoutsNanos);
    }

    public Map<String, Object> toRow() {
        return Fields.of(this);
    }

    public static LadderSetup of(Map<String, Object> row) {
        return Fields.as(row, LadderSetup.class);
    }

    public int rungs() {
        return providers.size();
    }

    public int rungOf(String provider) {
        return providers.indexOf(provider);
    }
}
