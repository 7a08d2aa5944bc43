package dev.lockdrill.db;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Where PgBouncer is installed, if it is: {@value #ENV} names it (or is {@value #OFF}, to run
 * without one), else the first on the PATH or in /usr/sbin, /usr/bin.
 */
public final class PgBouncer {
    public static final String ENV = "LOCKDRILL_PGBOUNCER";
    public static final String OFF = "off";
    /** Why no pooler runs when none is installed. */
    public static final String NOT_INSTALLED = "PgBouncer is not installed (Debian: apt-get install pgbouncer)";

    private PgBouncer() {
    }

    public static Optional<Path> executable() {
        return executable(System.getenv());
    }

    /** The PgBouncer to run; a path {@value #ENV} names is taken as given (if it cannot run, it fails to start). */
    public static Optional<Path> executable(Map<String, String> env) {
        String chosen = env.get(ENV);
        if (chosen != null && !chosen.isBlank()) {
            return chosen.equals(OFF) ? Optional.empty() : Optional.of(Path.of(chosen));
        }
        String path = env.getOrDefault("PATH", "");
        return Stream.concat(Stream.of(path.split(":")).filter(p -> !p.isBlank()).map(Path::of),
                        Stream.of(Path.of("/usr/sbin"), Path.of("/usr/bin")))
                .map(dir -> dir.resolve("pgbouncer"))
                .filter(Files::isExecutable)
                .findFirst();
    }

    /** Why no pooler runs, when {@link #executable(Map)} finds none. */
    public static String absence(Map<String, String> env) {
        return OFF.equals(env.get(ENV)) ? ENV + "=" + OFF + " turns PgBouncer off" : NOT_INSTALLED;
    }
}
