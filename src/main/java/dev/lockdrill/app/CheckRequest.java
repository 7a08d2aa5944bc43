package dev.lockdrill.app;

import dev.lockdrill.kata.Kata;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * What `check` was asked to do, with the kata already resolved to its definition (once, where the
 * request is made: the check passes this object on and never looks the id up again).
 * {@code sourceDir} null means the learner's folder in the workbook; {@code reference} checks the
 * solution instead; {@code compare} also runs the reference side by side (ignored when checking the
 * reference itself); {@code seed} null picks one.
 */
public record CheckRequest(Kata definition, Path sourceDir, boolean reference, boolean compare,
                           List<Path> extraClasspath, Long seed, String jdbcUrl, Duration timeout) {
    public CheckRequest {
        extraClasspath = extraClasspath == null ? List.of() : List.copyOf(extraClasspath);
    }

    /** A request for the kata with this id, resolved here (an unknown id is the registry's one sentence). */
    public CheckRequest(String kata, Path sourceDir, boolean reference, boolean compare, List<Path> extraClasspath,
                        Long seed, String jdbcUrl, Duration timeout) {
        this(KataRegistry.get(kata), sourceDir, reference, compare, extraClasspath, seed, jdbcUrl, timeout);
    }

    /** The kata's id (its folder under {@code katas/}). */
    public String kata() {
        return definition.id();
    }
}
