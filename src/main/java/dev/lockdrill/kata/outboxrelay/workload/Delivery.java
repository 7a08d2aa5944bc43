package dev.lockdrill.kata.outboxrelay.workload;

/** What happens to one message a relay hands to the fake broker. */
enum Delivery {
    /** The broker takes it and confirms. */
    ACCEPT,
    /** The broker is down: it refuses the message (BrokerUnavailableException). */
    REFUSE,
    /** The request is lost on the way: the broker never gets it, the relay sees a timeout. */
    LOSE_REQUEST,
    /** The broker takes the message but its acknowledgement is lost: the relay sees a timeout. */
    LOSE_ACK,
    /** The relay's process dies while sending: the broker never gets it and the relay's thread never returns normally. */
    CRASH
}
