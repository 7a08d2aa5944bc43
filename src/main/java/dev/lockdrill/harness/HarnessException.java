package dev.lockdrill.harness;

/** The harness could not drive the implementation at all; the message is shown to the learner. */
public class HarnessException extends RuntimeException {
    public HarnessException(String message) {
        super(message);
    }

    public HarnessException(String message, Throwable cause) {
        super(message, cause);
    }
}
