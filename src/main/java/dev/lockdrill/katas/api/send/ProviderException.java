package dev.lockdrill.katas.api.send;

/** The provider did not confirm the message; {@link #kind()} says why and whether to retry. */
public final class ProviderException extends Exception {
    private final Kind kind;

    public ProviderException(Kind kind, String message) {
        super(message);
        this.kind = kind;
    }

    public Kind kind() {
        return kind;
    }

    /** Whether trying again later can succeed (everything except {@link Kind#REJECTED}). */
    public boolean retryable() {
        return kind != Kind.REJECTED;
    }

    public enum Kind {
        /** 409: a request with the same idempotency key is still being processed. Try again later. */
        CONFLICT,
        /** No response: the request may or may not have been processed. Try again later. */
        TIMEOUT,
        /** 4xx for good: bad device token, or the key was reused with different parameters. Do not retry. */
        REJECTED
    }
}
