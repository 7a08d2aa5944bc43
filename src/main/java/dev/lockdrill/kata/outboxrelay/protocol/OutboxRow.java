package dev.lockdrill.kata.outboxrelay.protocol;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.lockdrill.history.Fields;

import java.util.Map;

/**
 * One outbox row at the end of a scenario (ground truth read by the harness): its id, event,
 * and whether it is marked as published. Every field is written (the outbox's columns are NOT NULL).
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
public record OutboxRow(long id, String eventId, String aggregateId, long seq, boolean marked) {
    /** The name of the observation that holds a scenario's outbox rows. */
    public static final String OBSERVATION = "outbox";

    public Map<String, Object> toMap() {
        return Fields.of(this);
    }

    public static OutboxRow of(Map<String, Object> row) {
        return Fields.as(row, OutboxRow.class);
    }
}
