package dev.lockdrill.app;

/** Where a check is, for the terminal (compiling, running scenario X, scoring...). */
@FunctionalInterface
public interface CheckProgress {
    CheckProgress SILENT = message -> {
    };

    void stage(String message);
}
