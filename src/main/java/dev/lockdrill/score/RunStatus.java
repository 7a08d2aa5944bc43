package dev.lockdrill.score;

import dev.lockdrill.support.ExitCodes;

import java.util.Locale;

/** The status of a check, as scripts see it in --json and in the exit code. */
public enum RunStatus {
    PASS(ExitCodes.PASS), FAIL(ExitCodes.FAIL), UNKNOWN(ExitCodes.UNKNOWN), COMPILE_ERROR(ExitCodes.COMPILE_ERROR),
    TIMEOUT(ExitCodes.FAIL), CRASHED(ExitCodes.FAIL), INTERRUPTED(ExitCodes.INTERRUPTED);

    private final int exitCode;

    RunStatus(int exitCode) {
        this.exitCode = exitCode;
    }

    public int exitCode() {
        return exitCode;
    }

    /** pass, fail, unknown, compile-error, timeout, crashed. */
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
