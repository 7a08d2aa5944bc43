package dev.lockdrill.katas.api.outbox;

/**
 * The broker did not confirm the message in time. It may or may not have it: the request may have
 * been lost on the way, or the broker may have taken the message and its acknowledgement been lost.
 * Treat the event as not published (it stays pending and goes out again, with the same event id).
 */
public final class BrokerTimeoutException extends RuntimeException {
    public BrokerTimeoutException(String message) {
        super(message);
    }
}
