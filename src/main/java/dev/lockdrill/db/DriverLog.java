package dev.lockdrill.db;

import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The PostgreSQL driver's java.util.logging output, turned off: its WARNING for a URL whose port is
 * no number reached the terminal as two dated lines before lockdrill's own sentence. The logger is
 * held here so that its level is not lost when it would otherwise be collected.
 */
final class DriverLog {
    private static final Logger PGJDBC = Logger.getLogger("org.postgresql");

    private DriverLog() {
    }

    static void off() {
        PGJDBC.setLevel(Level.OFF);
    }
}
