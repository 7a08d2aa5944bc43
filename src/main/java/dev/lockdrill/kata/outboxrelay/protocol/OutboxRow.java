package dev.lockdrill.kata.outboxrelay.protocol;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One outbox row at the end of a scenario (ground truth read by the harness): its id, event,
 * and whether it is marked as published.
 */
public record OutboxRow(long id, String eventId, String aggregateId, long seq, boolean marked) {
    /** The name of the observation that holds a scenario's outbox rows. */
    public static final String OBSERVATION = "outbox";

    public Map<String, Object> toMap() {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("id", id);
        row.put("eventId", eventId);
        row.put("aggregateId", aggregateId);
        row.put("seq", seq);
        row.put("marked", marked);
        return row;
    }

    public static OutboxRow of(Map<String, Object> row) {
        return new OutboxRow(number(row.get("id")), String.valueOf(row.get("eventId")),
                String.valueOf(row.get("aggregateId")), number(row.get("seq")), Boolean.TRUE.equals(row.get("marked")));
    }

    private static long number(Object value) {
        return value instanceof Number n ? n.longValue() : 0;
    }
}
