package dev.lockdrill.support;

/**
 * An error the user can act on: the message says what happened and what to do; the exit code
 * tells scripts which kind of problem it was. Stack traces are shown only with --verbose.
 */
public class LockdrillException extends RuntimeException {
    private final int exitCode;

    public LockdrillException(String message, int exitCode) {
        super(message);
        this.exitCode = exitCode;
    }

    public LockdrillException(String message, int exitCode, Throwable cause) {
        super(message, cause);
        this.exitCode = exitCode;
    }

    public static LockdrillException usage(String message) {
        return new LockdrillException(message, ExitCodes.USAGE);
    }

    public int exitCode() {
        return exitCode;
    }
}
