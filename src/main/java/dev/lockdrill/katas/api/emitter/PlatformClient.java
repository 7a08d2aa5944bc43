package dev.lockdrill.katas.api.emitter;

/** Calls one platform's API (GitHub, Azure DevOps, Notion...). */
public interface PlatformClient {
    /**
     * Delivers the event with its credential.
     *
     * @throws TransientPlatformException the platform or the credential is failing (503, 429, 401 revoked):
     *                                    worth retrying later, and a sign to stop calling for a while
     * @throws PermanentItemException     this one item can never be delivered (410 gone, 422 invalid):
     *                                    retrying is pointless, and the platform itself is fine
     */
    void send(Event event) throws TransientPlatformException, PermanentItemException;
}
