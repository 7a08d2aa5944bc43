package dev.lockdrill.testing;

import dev.lockdrill.catalog.PristineCopies;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * Temp workbooks for tests: a copy of one kata's stub and reference, as a learner's folder would hold.
 * The stub is the packaged (pristine) copy, never the repository's {@code katas/}, which a learner
 * working in this clone may have solved.
 */
public final class Workbooks {
    private Workbooks() {
    }

    public static void copyKata(Path repo, Path root, String kata) throws IOException {
        new PristineCopies().writeTo(kata, root.resolve("katas").resolve(kata));
        copyTree(repo.resolve("solutions").resolve(kata), root.resolve("solutions").resolve(kata));
    }

    public static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path path : walk.toList()) {
                Path target = to.resolve(from.relativize(path).toString());
                if (Files.isDirectory(path)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(path, target);
                }
            }
        }
    }
}
