package dev.lockdrill.support;

/** Exit codes shared by every command (documented in the README). */
public final class ExitCodes {
    public static final int PASS = 0;
    public static final int FAIL = 1;
    public static final int USAGE = 2;
    public static final int UNKNOWN = 3;
    public static final int COMPILE_ERROR = 4;
    public static final int INTERNAL = 70;
    /** Stopped by Ctrl-C or another signal (128 + SIGINT, as shells report it). */
    public static final int INTERRUPTED = 130;

    private ExitCodes() {
    }
}
