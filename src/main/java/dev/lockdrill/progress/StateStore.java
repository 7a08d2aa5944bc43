package dev.lockdrill.progress;

import com.fasterxml.jackson.core.JacksonException;
import dev.lockdrill.support.Json;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.format.DateTimeFormatter;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/**
 * Reads and writes {@code .lockdrill/state.json}. Every update holds an exclusive file lock (so a
 * REPL and a one-shot command do not lose each other's writes) and an in-process lock (threads) and replaces the file atomically
 * (temp file + rename). A file that cannot be parsed is moved aside, never silently reset.
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

    public WorkbookState read() {
        return locked(() -> load());
    }

    /** Applies a change under the lock and returns the new state. */
    public WorkbookState update(UnaryOperator<WorkbookState> change) {
        return locked(() -> {
            WorkbookState next = change.apply(load());
            write(next);
            return next;
        });
    }

    private WorkbookState load() {
        Path file = file();
        if (!Files.exists(file)) {
            return WorkbookState.empty();
        }
        try {
            WorkbookState state = Json.json().readValue(file.toFile(), WorkbookState.class);
            return state == null ? WorkbookState.empty() : state;
        } catch (JacksonException e) {
            Path aside = dir.resolve("state.json.corrupt-" + STAMP.format(clock.instant()));
            move(file, aside);
            notices.accept("Your progress file " + file + " could not be read (" + e.getOriginalMessage()
                    + "). It was moved to " + aside + " and a new one was started; copy back what you need.");
            return WorkbookState.empty();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
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
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot move " + from + " aside", e);
        }
    }
}
