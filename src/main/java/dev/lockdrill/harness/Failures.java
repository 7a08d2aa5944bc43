package dev.lockdrill.harness;

/** How an exception the implementation threw reads in the history: its class and first line. */
public final class Failures {
    private Failures() {
    }

    public static String describe(Throwable e) {
        String message = e.getMessage();
        return e.getClass().getSimpleName() + (message == null ? "" : ": " + message.lines().findFirst().orElse(""));
    }
}
