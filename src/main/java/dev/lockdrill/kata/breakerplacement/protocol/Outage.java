package dev.lockdrill.kata.breakerplacement.protocol;

import dev.lockdrill.history.Fields;

import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A fault window in virtual ms, [fromTick, toTick), and the keys ("platform/credential") it hit;
 * recorded as a row of the {@link EmitterObservation#OUTAGE} observation.
 */
public record Outage(Set<String> keys, long fromTick, long toTick, String description) {
    public Outage {
        // sorted, so the row the history keeps is the same in every run (Set.copyOf's order is not)
        keys = Collections.unmodifiableSortedSet(new TreeSet<>(keys));
    }

    public Map<String, Object> toRow() {
        return Fields.of(this);
    }

    public static Outage of(Map<String, Object> row) {
        return Fields.as(row, Outage.class);
    }

    public boolean during(long tick) {
        return tick >= fromTick && tick < toTick;
    }
}
