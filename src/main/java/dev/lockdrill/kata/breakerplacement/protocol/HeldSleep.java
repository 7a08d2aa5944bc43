package dev.lockdrill.kata.breakerplacement.protocol;

import java.util.Map;

/**
 * The {@link EmitterObservation#HELD_SLEEP} row: while one worker's emit for {@code key} slept
 * between attempts (held in real time), how many of {@code others} emits for other keys on other
 * threads had not finished when it woke; -1 when it never slept.
 */
public record HeldSleep(String key, long others, long unfinished, long timeoutMillis) {
    static final String KEY = "key";
    static final String OTHERS = "others";
    static final String UNFINISHED = "unfinished";
    static final String TIMEOUT = "timeoutMillis";

    public Map<String, Object> toRow() {
        return Map.of(KEY, key, OTHERS, others, UNFINISHED, unfinished, TIMEOUT, timeoutMillis);
    }

    public static HeldSleep of(Map<String, Object> row) {
        return new HeldSleep(String.valueOf(row.get(KEY)), Outage.number(row, OTHERS),
                row.get(UNFINISHED) instanceof Number n ? n.longValue() : -1, Outage.number(row, TIMEOUT));
    }

    public boolean slept() {
        return unfinished >= 0;
    }
}
