package dev.lockdrill.kata.outboxrelay.workload;

import dev.lockdrill.katas.api.outbox.OutboxEvent;

/** What a scenario does to the fake broker: refuse messages (outage), or act once one is accepted. */
interface BrokerFault {
    BrokerFault NONE = new BrokerFault() {
    };

    /** Whether the broker refuses this message (it is down). */
    default boolean refuses(String relay, OutboxEvent event) {
        return false;
    }

    /** Runs on the relay's thread after the broker accepted the message, before publish() returns. */
    default void accepted(String relay, OutboxEvent event) {
    }
}
