package dev.lockdrill.kata.outboxrelay.protocol;

import dev.lockdrill.history.Op;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * An event as the history records it, in a business transaction's arguments and in a publish's:
 * its id (the consumers' dedup key), aggregate, sequence number within the aggregate and payload.
 */
public record EventFields(String eventId, String aggregateId, long seq, String payload) {
    static final String EVENT_ID = "eventId";
    static final String AGGREGATE_ID = "aggregateId";
    static final String SEQ = "seq";
    static final String PAYLOAD = "payload";

    public Map<String, Object> toMap() {
        Map<String, Object> args = new LinkedHashMap<>();
        args.put(EVENT_ID, String.valueOf(eventId));
        args.put(AGGREGATE_ID, String.valueOf(aggregateId));
        args.put(SEQ, seq);
        args.put(PAYLOAD, String.valueOf(payload));
        return args;
    }

    public static EventFields of(Op op) {
        Object seq = op.args().get(SEQ);
        return new EventFields(op.stringArg(EVENT_ID), op.stringArg(AGGREGATE_ID),
                seq instanceof Number n ? n.longValue() : Long.parseLong(String.valueOf(seq)), op.stringArg(PAYLOAD));
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
