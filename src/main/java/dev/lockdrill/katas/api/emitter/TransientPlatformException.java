package dev.lockdrill.katas.api.emitter;

/** The platform or the credential failed the call; another try later may succeed. */
public final class TransientPlatformException extends Exception {
    private final int status;

    public TransientPlatformException(int status, String message) {
        super(message, null, false, false);
        this.status = status;
    }

    public int status() {
        return status;
    }
}
