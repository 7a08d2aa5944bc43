package dev.lockdrill.support;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;

/**
 * A file in a folder lockdrill makes (a run folder, a pooler's folder) naming the process that made
 * it: its pid and start time, so that a later sweep tells a folder still in use from one whose
 * owner was killed (kill -9, a closed terminal) and a pid the system has since given to another
 * process from the owner itself.
 */
public final class OwnerMark {
    public static final String FILE = ".owner";
    /** Start times read twice from the system may differ by a clock tick. */
    private static final long START_TOLERANCE_MILLIS = 1_000;

    private OwnerMark() {
    }

    /** Marks the folder as this process's. */
    public static void write(Path dir) throws IOException {
        ProcessHandle me = ProcessHandle.current();
        Files.writeString(dir.resolve(FILE), "pid=" + me.pid() + " started="
                + me.info().startInstant().map(Instant::toEpochMilli).orElse(0L) + "\n");
    }

    /**
     * Whether the process that marked the folder still runs; empty when the folder has no readable
     * mark (made before marks existed, or its owner has not written it yet).
     */
    public static Optional<Boolean> ownerAlive(Path dir) {
        String mark;
        try {
            mark = Files.readString(dir.resolve(FILE)).strip();
        } catch (IOException e) {
            return Optional.empty();
        }
        long pid = field(mark, "pid=");
        long started = field(mark, "started=");
        if (pid <= 0) {
            return Optional.empty();
        }
        return Optional.of(ProcessHandle.of(pid).filter(ProcessHandle::isAlive)
                .map(p -> started <= 0 || p.info().startInstant()
                        .map(at -> Math.abs(at.toEpochMilli() - started) <= START_TOLERANCE_MILLIS).orElse(true))
                .orElse(false));
    }

    private static long field(String mark, String name) {
        for (String part : mark.split(" ")) {
            if (part.startsWith(name)) {
                try {
                    return Long.parseLong(part.substring(name.length()));
                } catch (NumberFormatException e) {
                    return -1;
                }
            }
        }
        return -1;
    }
}
