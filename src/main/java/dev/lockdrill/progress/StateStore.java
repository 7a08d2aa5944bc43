package dev.lockdrill.progress;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.lockdrill.support.LockdrillException;
import dev.lockdrill.support.Json;
import dev.lockdrill.support.Text;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.format.DateTimeFormatter;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/**
 * Reads and writes {@code .lockdrill/state.json}. Every update holds an exclusive file lock (so a
 * REPL and a one-shot command do not lose each other's writes) and an in-process lock (threads) and replaces the file atomically
 * (temp file + rename). A file that cannot be parsed is moved aside, never silently reset; one
 * written by a newer lockdrill (a higher {@code formatVersion}) is refused, neither read nor
 * overwritten. Temp files a killed writer left are removed under the lock.
 */
public final class StateStore {
    /** File locks are per process; threads of one process queue here first. */
    private static final Map<Path, ReentrantLock> IN_PROCESS = new ConcurrentHashMap<>();
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")
            .withZone(ZoneOffset.UTC);
    private final Path dir;
    private final Clock clock;
    private final Consumer<String> notices;

    public StateStore(Path dir, Clock clock, Consumer<String> notices) {
        this.dir = dir;
        this.clock = clock;
        this.notices = notices;
    }

    public Path file() {
        return dir.resolve("state.json");
    }

    /**
     * The state as saved. In a workbook whose .lockdrill/ cannot be written (no lock file can be
     * made) it is read without the file lock: every write replaces the file whole, so a reader
     * never sees half of one.
     */
    public WorkbookState read() {
        try {
            return locked(() -> {
                removeOrphanTemps();
                return load();
            });
        } catch (UncheckedIOException unlockable) {
            if (!Files.isRegularFile(file())) {
                return WorkbookState.empty();
            }
            ReentrantLock inProcess = IN_PROCESS.computeIfAbsent(dir.toAbsolutePath().normalize(),
                    d -> new ReentrantLock());
            inProcess.lock();
            try {
                return load();
            } finally {
                inProcess.unlock();
            }
        }
    }

    /** Applies a change under the lock and returns the new state. */
    public WorkbookState update(UnaryOperator<WorkbookState> change) {
        return locked(() -> {
            removeOrphanTemps();
            WorkbookState next = change.apply(load());
            write(next);
            return next;
        });
    }

    private WorkbookState load() {
        Path file = file();
        if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            return WorkbookState.empty();
        }
        if (!Files.isRegularFile(file)) {
            return movedAside(file, Files.isDirectory(file) ? "it is a folder, not a file" : "it is not a file");
        }
        try {
            if (Files.size(file) == 0) {
                return movedAside(file, "it is empty (0 bytes)");
            }
            JsonNode tree = Json.json().readTree(file.toFile());
            if (tree == null || tree.isMissingNode()) {
                return movedAside(file, "it holds no JSON");
            }
            int version = tree.path("formatVersion").asInt(0);
            if (version > WorkbookState.FORMAT_VERSION) {
                throw LockdrillException.usage("Your progress file " + file + " was written by a newer lockdrill "
                        + "(format " + version + "; this one reads format " + WorkbookState.FORMAT_VERSION
                        + " and older), so it was left as it is: upgrade lockdrill, or move the file away to start "
                        + "afresh.");
            }
            Optional<String> problem = StateProblems.of(tree);
            if (problem.isPresent()) {
                return movedAside(file, problem.get());
            }
            return Json.json().treeToValue(tree, WorkbookState.class);
        } catch (JacksonException e) {
            return movedAside(file, Text.capped(Text.printable(e.getOriginalMessage()), 300));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    /** Moves an unusable state file aside, says why and where it went, and starts afresh. */
    private WorkbookState movedAside(Path file, String why) {
        Path aside = freeName("state.json.corrupt-" + STAMP.format(clock.instant()));
        move(file, aside);
        notices.accept("Your progress file " + file + " could not be read: " + Text.clause(why) + ". It was moved to "
                + aside + " and a new one was started; copy back what you need.");
        return WorkbookState.empty();
    }

    /** A name in the state folder no file has yet: {@code base}, else {@code base-2}, {@code base-3}, … */
    private Path freeName(String base) {
        Path candidate = dir.resolve(base);
        for (int n = 2; Files.exists(candidate, LinkOption.NOFOLLOW_LINKS); n++) {
            candidate = dir.resolve(base + "-" + n);
        }
        return candidate;
    }

    /** Under the lock no writer is between its temp file and the rename: a state*.tmp is a killed writer's. */
    private void removeOrphanTemps() {
        try (DirectoryStream<Path> temps = Files.newDirectoryStream(dir, "state*.tmp")) {
            for (Path temp : temps) {
                Files.deleteIfExists(temp);
            }
        } catch (IOException e) {
            // a leftover temp file is harmless; the next update tries again
        }
    }

    private void write(WorkbookState state) {
        try {
            Path tmp = Files.createTempFile(dir, "state", ".tmp");
            Json.json().writerWithDefaultPrettyPrinter().writeValue(tmp.toFile(), state);
            try {
                Files.move(tmp, file(), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file(), StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file(), e);
        }
    }

    private <T> T locked(java.util.function.Supplier<T> body) {
        ReentrantLock inProcess = IN_PROCESS.computeIfAbsent(dir.toAbsolutePath().normalize(),
                d -> new ReentrantLock());
        inProcess.lock();
        try {
            Files.createDirectories(dir);
            dev.lockdrill.support.PrivateFiles.closeFolder(dir);
            try (FileChannel channel = FileChannel.open(dir.resolve("state.lock"), StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE); FileLock ignored = channel.lock()) {
                return body.get();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot lock " + dir.resolve("state.lock"), e);
        } finally {
            inProcess.unlock();
        }
    }

    private static void move(Path from, Path to) {
        try {
            Files.move(from, to);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot move " + from + " aside", e);
        }
    }
}
