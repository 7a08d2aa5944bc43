package dev.lockdrill.kata.breakerplacement.protocol;

import dev.lockdrill.history.Fields;

import java.util.Map;

/**
 * The {@link EmitterObservation#HELD_SLEEP} row: while one worker's emit for {@code key} slept
 * between attempts (held in real time), how many of {@code others} emits for other keys on other
 * threads had not finished when it woke; -1 when it never slept.
 */
public record HeldSleep(String key, long others, @Fields.NoneWhenAbsent long unfinished, long timeoutMillis) {
    public Map<String, Object> toRow() {
        return Fields.of(this);
    }

    public static HeldSleep of(Map<String, Object> row) {
        return Fields.as(row, HeldSleep.class);
    }

    public boolean slept() {
        return unfinished >= 0;
    }
}
