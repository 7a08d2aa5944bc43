package dev.lockdrill.katas.api.emitter;

/**
 * This item is rejected for good (404 not found, 410 gone, 422 invalid payload); the platform and
 * the credential work. Retrying is pointless, and it says nothing about the breaker's key.
 */
public final class PermanentItemException extends Exception {
    private final int status;

    public PermanentItemException(int status, String message) {
        super(message, null, false, false);
        this.status = status;
    }

    public int status() {
        return status;
    }
}
