package dev.lockdrill.harness;

import dev.lockdrill.support.Text;

/**
 * How an exception the implementation threw reads in the history: its class and first line, cut to
 * {@link #MAX_MESSAGE} characters (a learner's message can be megabytes long).
 */
public final class Failures {
    public static final int MAX_MESSAGE = 1_000;

    private Failures() {
    }

    public static String describe(Throwable e) {
        String message = e.getMessage();
        return e.getClass().getSimpleName()
                + (message == null ? "" : ": " + Text.capped(firstLine(message), MAX_MESSAGE));
    }

    private static String firstLine(String message) {
        for (int i = 0; i < message.length(); i++) {
            char c = message.charAt(i);
            if (c == '\n' || c == '\r') {
                return message.substring(0, i);
            }
        }
        return message;
    }
}
