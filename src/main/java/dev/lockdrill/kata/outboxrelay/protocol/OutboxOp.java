package dev.lockdrill.kata.outboxrelay.protocol;

import dev.lockdrill.history.OpType;

/** The operations an outbox-relay history records. */
public enum OutboxOp implements OpType {
    /** A business transaction that enqueued one event and then committed or rolled back (one op per event). */
    BUSINESS_TX("business-tx"),
    /** One message the relay handed to the broker: accepted, or refused (outage). */
    PUBLISH("publish"),
    /** One call of the learner's relayBatch(max). */
    RELAY_BATCH("relayBatch");

    private final String label;

    OutboxOp(String label) {
        this.label = label;
    }

    @Override
    public String label() {
        return label;
    }
}
