package dev.lockdrill.db;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Stream;

/** Where PgBouncer is installed, if it is. */
public final class PgBouncer {
    private PgBouncer() {
    }

    public static Optional<Path> executable() {
        String path = System.getenv().getOrDefault("PATH", "");
        return Stream.concat(Stream.of(path.split(":")).filter(p -> !p.isBlank()).map(Path::of),
                        Stream.of(Path.of("/usr/sbin"), Path.of("/usr/bin")))
                .map(dir -> dir.resolve("pgbouncer"))
                .filter(Files::isExecutable)
                .findFirst();
    }
}
