package dev.lockdrill.kata.outboxrelay.protocol;

import dev.lockdrill.history.FaultKind;

import java.util.Locale;

/** The faults only this kata injects (the common ones are in {@code history.Faults}). */
public enum OutboxFaults implements FaultKind {
    SLOW_BROKER,
    LATE_COMMIT,
    /** A publish request lost on its way to the broker: the relay saw a timeout, the broker has nothing. */
    REQUEST_LOST,
    /** A publish whose acknowledgement was lost: the broker has the message, the relay saw a timeout. */
    ACK_LOST;

    @Override
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
