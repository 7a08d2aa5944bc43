package dev.lockdrill.katas.api.outbox;

/** The broker refused the message (outage): it was not delivered, and publishing it later is safe. */
public final class BrokerUnavailableException extends Exception {
    public BrokerUnavailableException(String message) {
        super(message);
    }
}
