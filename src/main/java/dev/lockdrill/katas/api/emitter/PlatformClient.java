package dev.lockdrill.katas.api.emitter;

/** Calls one platform's API (GitHub, Azure DevOps, Notion...). */
public interface PlatformClient {
    /**
     * Delivers the event with its credential.
     *
     * @throws TransientPlatformException a 5xx (the platform), a 429 (your pace), a 401 or a 403: read a 403
     *                                    by its headers and body — {@link TransientPlatformException#rateLimited()}
     *                                    (pace: wait {@link TransientPlatformException#retryAfter()}),
     *                                    {@link TransientPlatformException#resourceRefused()} (one item's),
     *                                    {@link TransientPlatformException#credentialRejected()} (the credential's)
     * @throws PermanentItemException     this one item can never be delivered (404, 410, 422): retrying is
     *                                    pointless, and the platform and the credential are fine
     */
    void send(Event event) throws TransientPlatformException, PermanentItemException;
}
