package dev.lockdrill.kata.providerfallbackladder.protocol;

import java.util.Arrays;
import java.util.HashMap;
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
        Map<String, Object> row = new HashMap<>();
        row.put("ladder", ladder);
        row.put("providers", String.join(",", providers));
        row.put("timeoutsNanos", String.join(",", timeoutsNanos.stream().map(String::valueOf).toList()));
        row.put("budgetNanos", budgetNanos);
        row.put("ttlNanos", ttlNanos);
        row.put("originTick", originTick);
        return row;
    }

    public static LadderSetup of(Map<String, Object> row) {
        return new LadderSetup(String.valueOf(row.get("ladder")),
                List.of(String.valueOf(row.get("providers")).split(",")),
                Arrays.stream(String.valueOf(row.get("timeoutsNanos")).split(",")).map(Long::valueOf).toList(),
                ((Number) row.get("budgetNanos")).longValue(), ((Number) row.get("ttlNanos")).longValue(),
                ((Number) row.get("originTick")).longValue());
    }

    public int rungs() {
        return providers.size();
    }

    public int rungOf(String provider) {
        return providers.indexOf(provider);
    }
}
