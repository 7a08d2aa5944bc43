package dev.lockdrill.kata.outboxrelay.protocol;

import dev.lockdrill.history.Fields;
import dev.lockdrill.history.Op;

import java.util.Map;
import java.util.Objects;

/**
 * An event as the history records it, in a business transaction's arguments and in a publish's:
 * its id (the consumers' dedup key), aggregate, sequence number within the aggregate and payload;
 * a null (what a relay published may hold one) is recorded as "null".
 */
public record EventFields(@Fields.NullAsText String eventId, @Fields.NullAsText String aggregateId, long seq,
                          @Fields.NullAsText String payload) {
    public Map<String, Object> toMap() {
        return Fields.of(this);
    }

    public static EventFields of(Op op) {
        return op.args(EventFields.class);
    }

    /** Same aggregate, seq and payload (the event id aside). */
    public boolean sameContent(EventFields other) {
        return Objects.equals(aggregateId, other.aggregateId) && seq == other.seq
                && Objects.equals(payload, other.payload);
    }

    /** "event ID (AGGREGATE #SEQ)". */
    public String describe() {
        return "event " + eventId + " (" + aggregateId + " #" + seq + ")";
    }
}
