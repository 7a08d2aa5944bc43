package dev.lockdrill.katas.api.emitter;

/** Calls one platform's API (GitHub, Azure DevOps, Notion...). */
public interface PlatformClient {
    /**
     * Delivers the event with its credential.
     *
     * @throws TransientPlatformException the platform (503, 429) or the credential (401, 403) failed the
     *                                    call: a failure of its (platform, credential); see
     *                                    {@link TransientPlatformException#credentialRejected()} and
     *                                    {@link TransientPlatformException#retryAfter()}
     * @throws PermanentItemException     this one item can never be delivered (404, 410, 422): retrying is
     *                                    pointless, and the platform and the credential are fine
     */
    void send(Event event) throws TransientPlatformException, PermanentItemException;
}
