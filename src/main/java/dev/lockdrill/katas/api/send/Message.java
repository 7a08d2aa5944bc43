package dev.lockdrill.katas.api.send;

/**
 * One push message. {@code idempotencyKey}: the same key means "the same request" to a provider
 * that deduplicates (null: no key). {@code collapseId}: messages with the same id replace each
 * other on the device only while the earlier one has not been shown (null: none).
 */
public record Message(String recipient, String body, String idempotencyKey, String collapseId) {
}
