package dev.lockdrill.app;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * What `check` was asked to do. {@code sourceDir} null means the learner's folder in the workbook;
 * {@code reference} checks the solution instead; {@code compare} also runs the reference side by side
 * (ignored when checking the reference itself); {@code seed} null picks one.
 */
public record CheckRequest(String kata, Path sourceDir, boolean reference, boolean compare, List<Path> extraClasspath,
                           Long seed, String jdbcUrl, Duration timeout) {
    public CheckRequest {
        extraClasspath = extraClasspath == null ? List.of() : List.copyOf(extraClasspath);
    }
}
