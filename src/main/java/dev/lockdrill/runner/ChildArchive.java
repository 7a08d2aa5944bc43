package dev.lockdrill.runner;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A class-data archive (AppCDS) of a check process's start, so that later check processes load
 * lockdrill's and its libraries' classes mapped from the archive instead of parsing them again
 * (about 0.1 s less per process). The first check process after a new jar writes it at exit
 * ({@code -XX:ArchiveClassesAtExit}, JDK 17); later ones read it ({@code -XX:SharedArchiveFile}).
 * The learner's classes change the picture not at all: a class from a class loader of ours is
 * taken from the archive only when its bytes are the same, and an archive that does not fit is
 * ignored by the JVM. Only for a class path of jars (the JVM archives nothing from folders), and
 * off with {@code LOCKDRILL_CHILD_CDS=0}.
 */
final class ChildArchive {
    static final String SWITCH_ENV = "LOCKDRILL_CHILD_CDS";
    private static final String PREFIX = "lockdrill-child-";
    private static final AtomicBoolean DUMPING = new AtomicBoolean();
    private final Path archive;

    private ChildArchive(Path archive) {
        this.archive = archive;
    }

    /** The archive for this class path and JVM, or empty when there can be none. */
    static Optional<ChildArchive> forClassPath(String classPath, List<String> jvmOptions) {
        if ("0".equals(System.getenv(SWITCH_ENV)) || classPath == null || classPath.isBlank()) {
            return Optional.empty();
        }
        Path first = null;
        MessageDigest digest = sha256();
        for (String entry : classPath.split(java.io.File.pathSeparator)) {
            Path jar = Path.of(entry);
            if (!entry.endsWith(".jar") || !Files.isRegularFile(jar)) {
                return Optional.empty();
            }
            first = first == null ? jar : first;
            try {
                digest.update((jar.toAbsolutePath() + "|" + Files.size(jar) + "|" + Files.getLastModifiedTime(jar)
                        .toMillis()).getBytes(StandardCharsets.UTF_8));
            } catch (IOException e) {
                return Optional.empty();
            }
        }
        digest.update((System.getProperty("java.home") + "|" + System.getProperty("java.vm.version") + "|"
                + String.join(" ", jvmOptions)).getBytes(StandardCharsets.UTF_8));
        Path dir = first.toAbsolutePath().getParent();
        if (dir == null || !Files.isWritable(dir)) {
            return Optional.empty();
        }
        return Optional.of(new ChildArchive(dir.resolve(PREFIX + HexFormat.of().formatHex(digest.digest())
                .substring(0, 16) + ".jsa")));
    }

    /** The options that read the archive, when it has been written (for a process started ahead of its check). */
    List<String> readOptions() {
        return Files.isRegularFile(archive) ? List.of("-XX:SharedArchiveFile=" + archive) : List.of();
    }

    /** One check process's use of the archive: the options to start it with, and what to do when it ends. */
    Use use() {
        if (Files.isRegularFile(archive)) {
            return new Use(List.of("-XX:SharedArchiveFile=" + archive), null);
        }
        if (!DUMPING.compareAndSet(false, true)) {
            return new Use(List.of(), null);
        }
        Path partial = archive.resolveSibling(archive.getFileName() + "." + ProcessHandle.current().pid() + ".tmp");
        return new Use(List.of("-XX:ArchiveClassesAtExit=" + partial), partial);
    }

    /** {@code writing}: where this process writes a new archive, or null when it only reads (or does without). */
    final class Use {
        private final List<String> options;
        private final Path writing;

        private Use(List<String> options, Path writing) {
            this.options = options;
            this.writing = writing;
        }

        List<String> options() {
            return options;
        }

        /** Keeps the archive a process wrote if it ended normally, and removes archives of older jars. */
        void ended(boolean normally) {
            if (writing == null) {
                return;
            }
            try {
                if (normally && Files.isRegularFile(writing) && Files.size(writing) > 0) {
                    removeOthers();
                    try {
                        Files.move(writing, archive, StandardCopyOption.ATOMIC_MOVE);
                    } catch (AtomicMoveNotSupportedException e) {
                        Files.move(writing, archive, StandardCopyOption.REPLACE_EXISTING);
                    }
                }
                Files.deleteIfExists(writing);
            } catch (IOException e) {
                // without an archive the next check process starts as it would have anyway
            } finally {
                DUMPING.set(false);
            }
        }

        private void removeOthers() throws IOException {
            try (DirectoryStream<Path> old = Files.newDirectoryStream(archive.getParent(), PREFIX + "*.jsa")) {
                for (Path path : old) {
                    if (!path.equals(archive)) {
                        Files.deleteIfExists(path);
                    }
                }
            }
        }
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
