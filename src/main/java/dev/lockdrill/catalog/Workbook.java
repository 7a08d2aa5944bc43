package dev.lockdrill.catalog;

import dev.lockdrill.support.ExitCodes;
import dev.lockdrill.support.LockdrillException;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The folder the learner works in: {@code katas/} (their code), {@code solutions/} (references),
 * {@code drills/} (interview cards) and {@code .lockdrill/} (state and runs, git-ignored).
 */
public record Workbook(Path root, Path stateDir) {
    public static final String HOME_PROPERTY = "lockdrill.home";

    /** A workbook whose state lives in its own {@code .lockdrill/} folder. */
    public static Workbook at(Path root) {
        Path absolute = root.toAbsolutePath().normalize();
        return new Workbook(absolute, absolute.resolve(".lockdrill"));
    }

    /** Finds the workbook: -Dlockdrill.home, LOCKDRILL_HOME, or the nearest folder upwards with katas/. */
    public static Workbook locate() {
        String configured = System.getProperty(HOME_PROPERTY, System.getenv("LOCKDRILL_HOME"));
        if (configured != null && !configured.isBlank()) {
            return at(Path.of(configured));
        }
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isDirectory(dir.resolve("katas"))) {
                return at(dir);
            }
        }
        throw new LockdrillException("No workbook found: run lockdrill from the lockdrill folder (the one with "
                + "katas/), or set LOCKDRILL_HOME to it.", ExitCodes.USAGE);
    }

    public Path katas() {
        return root.resolve("katas");
    }

    public Path kata(String id) {
        return katas().resolve(id);
    }

    public Path solution(String id) {
        return root.resolve("solutions").resolve(id);
    }

    public Path drills() {
        return root.resolve("drills");
    }

    public Path runs(String kataId) {
        return stateDir().resolve("runs").resolve(kataId);
    }
}
