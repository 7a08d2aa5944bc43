package dev.lockdrill.katas.api.send;

/**
 * A push provider. What it does with {@link Message#idempotencyKey()} and
 * {@link Message#collapseId()} depends on the provider: a Stripe-style API deduplicates on the
 * idempotency key; APNs/FCM ignore it and only use the collapse id to replace a notification the
 * device has not shown yet.
 */
public interface PushProvider {

    /**
     * Sends one message.
     *
     * @throws ProviderException when the provider refused it, is busy with the same key, or the
     *                           response was lost (the message may or may not have been sent)
     */
    Receipt send(Message message) throws ProviderException;
}
