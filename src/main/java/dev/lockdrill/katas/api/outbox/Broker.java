package dev.lockdrill.katas.api.outbox;

/**
 * The message broker the relay publishes to (Kafka, RabbitMQ...). Consumers deduplicate by
 * {@link OutboxEvent#eventId()}, so publishing the same event twice is harmless; losing one is not.
 */
public interface Broker {

    /**
     * Publishes the event and returns once the broker has it. May be slow.
     *
     * @throws BrokerUnavailableException if the broker is down: the event was not delivered
     * @throws BrokerTimeoutException (unchecked) if the broker did not confirm in time: the event may
     *         or may not have been delivered
     */
    void publish(OutboxEvent event) throws BrokerUnavailableException;
}
