package dev.lockdrill.catalog;

import dev.lockdrill.support.ExitCodes;
import dev.lockdrill.support.LockdrillException;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The folder the learner works in: {@code katas/} (their code), {@code solutions/} (references),
 * {@code drills/} (interview cards) and {@code .lockdrill/} (state and runs, git-ignored).
 */
public record Workbook(Path root) {
    public static final String HOME_PROPERTY = "lockdrill.home";

    /** Finds the workbook: -Dlockdrill.home, LOCKDRILL_HOME, or the nearest folder upwards with katas/. */
    public static Workbook locate() {
        String configured = System.getProperty(HOME_PROPERTY, System.getenv("LOCKDRILL_HOME"));
        if (configured != null && !configured.isBlank()) {
            return new Workbook(Path.of(configured).toAbsolutePath().normalize());
        }
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isDirectory(dir.resolve("katas"))) {
                return new Workbook(dir);
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

    public Path stateDir() {
        return root.resolve(".lockdrill");
    }

    public Path runs(String kataId) {
        return stateDir().resolve("runs").resolve(kataId);
    }
}
