package dev.lockdrill.katas.api.emitter;

/** This item is rejected for good (the target was deleted, the payload is invalid); the platform works. */
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
