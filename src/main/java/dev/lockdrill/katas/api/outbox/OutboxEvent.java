package dev.lockdrill.katas.api.outbox;

/**
 * An event a business transaction wants the world to hear about: its id (the consumers' dedup
 * key), the aggregate it belongs to, its sequence number within that aggregate, and a payload.
 */
public record OutboxEvent(String eventId, String aggregateId, long seq, String payload) {
}
