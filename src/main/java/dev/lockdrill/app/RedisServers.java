package dev.lockdrill.app;

import dev.lockdrill.support.LockdrillException;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** Finds {@code redis-server} on PATH for the katas that start their own Redis nodes. */
final class RedisServers {
    private RedisServers() {
    }

    static Optional<Path> onPath(String path) {
        for (String entry : path.split(File.pathSeparator)) {
            Path candidate = Path.of(entry.isBlank() ? "." : entry, "redis-server");
            if (Files.isExecutable(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    /** An environment error (exit 2), never a silent pass, when the kata cannot start its nodes. */
    static void requireOnPath(String kata) {
        if (onPath(System.getenv().getOrDefault("PATH", "")).isEmpty()) {
            throw LockdrillException.usage("The " + kata + " check starts five redis-server processes, but "
                    + "redis-server is not on PATH: install it (Debian/Ubuntu: apt-get install redis-server) and check again.");
        }
    }
}
