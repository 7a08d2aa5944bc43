package dev.lockdrill.kata.outboxrelay.workload;

import dev.lockdrill.katas.api.outbox.OutboxEvent;

/** What a scenario does to the fake broker: decide each message's fate, or act once one is accepted. */
interface BrokerFault {
    BrokerFault NONE = new BrokerFault() {
    };

    /** Decides what happens to this message; runs on the relay's thread and may block it (a held request). */
    default Delivery deliver(String relay, OutboxEvent event) {
        return Delivery.ACCEPT;
    }

    /** Runs on the relay's thread after the broker accepted the message, before publish() returns. */
    default void accepted(String relay, OutboxEvent event) {
    }
}
