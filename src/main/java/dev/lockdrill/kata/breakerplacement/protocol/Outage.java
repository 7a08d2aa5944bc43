package dev.lockdrill.kata.breakerplacement.protocol;

import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * A fault window in virtual ms, [fromTick, toTick), and the keys ("platform/credential") it hit;
 * recorded as a row of the {@link EmitterObservation#OUTAGE} observation.
 */
public record Outage(Set<String> keys, long fromTick, long toTick, String description) {
    static final String KEYS = "keys";
    static final String FROM = "fromTick";
    static final String TO = "toTick";
    static final String DESCRIPTION = "description";

    public Outage {
        keys = Set.copyOf(keys);
    }

    public Map<String, Object> toRow() {
        return Map.of(KEYS, String.join(",", new TreeSet<>(keys)), FROM, fromTick, TO, toTick,
                DESCRIPTION, description);
    }

    public static Outage of(Map<String, Object> row) {
        return new Outage(Arrays.stream(String.valueOf(row.get(KEYS)).split(",")).collect(Collectors.toSet()),
                number(row, FROM), number(row, TO), String.valueOf(row.get(DESCRIPTION)));
    }

    public boolean during(long tick) {
        return tick >= fromTick && tick < toTick;
    }

    static long number(Map<String, Object> row, String key) {
        return row.get(key) instanceof Number n ? n.longValue() : 0;
    }
}
