package dev.lockdrill.katas.api.send;

/** The provider accepted the message; {@code replayed} is true when it answered from its idempotency cache. */
public record Receipt(String messageId, boolean replayed) {
}
