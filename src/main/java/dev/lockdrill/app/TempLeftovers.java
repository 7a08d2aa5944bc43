package dev.lockdrill.app;

import dev.lockdrill.report.RunStore;
import dev.lockdrill.support.OwnerMark;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The temporary folders checks make — a pooler's ({@code lockdrill-pgbouncer*}), the redlock nodes'
 * ({@code lockdrill-redis*}), an embedded PostgreSQL's ({@code lockdrill-postgres*}) — removed once the check that made them no longer runs (after kill -9,
 * or a signal that ended it before it cleaned up). A pooler or node whose owner is gone is stopped
 * first; a folder another program has open on its command line (a pager on a log) is left alone.
 * A folder is in use while its owner still runs, or while a running process names it on its
 * command line (a folder made before owners were marked, or not marked yet), or for a while after
 * it last changed.
 */
public final class TempLeftovers {
    static final List<String> PREFIXES = List.of("lockdrill-pgbouncer", "lockdrill-redis", "lockdrill-postgres");
    /** The only processes stopped: the servers a check starts in such a folder; anything else keeps it. */
    static final List<String> SERVERS = List.of("pgbouncer", "redis-server", "postgres");
    /** A folder younger than this may belong to a check that has not started its processes yet. */
    static final long QUIET_MILLIS = 120_000;
    private final Path tempRoot;

    public TempLeftovers(Path tempRoot) {
        this.tempRoot = tempRoot;
    }

    public static TempLeftovers ofThisSystem() {
        return new TempLeftovers(Path.of(System.getProperty("java.io.tmpdir")));
    }

    /** What a sweep did: the servers it stopped ("pgbouncer (pid 123)") and the folders it removed. */
    public record Swept(List<String> stopped, List<String> removed) {
        public List<String> all() {
            List<String> all = new ArrayList<>(stopped);
            all.addAll(removed);
            return all;
        }
    }

    /** Removes the folders of checks that no longer run, stopping the servers left running in them. */
    public Swept sweep() {
        List<String> stopped = new ArrayList<>();
        List<String> removed = new ArrayList<>();
        for (Path dir : candidates()) {
            Optional<Boolean> ownerAlive = OwnerMark.ownerAlive(dir);
            List<ProcessHandle> users = processesNaming(dir);
            boolean othersUseIt = users.stream().anyMatch(u -> !SERVERS.contains(commandName(u)));
            if (ownerAlive.orElse(false) || othersUseIt
                    || ownerAlive.isEmpty() && (!users.isEmpty() || recent(dir))) {
                continue;
            }
            for (ProcessHandle user : users) {
                String name = commandName(user);
                user.destroyForcibly();
                stopped.add(name + " (pid " + user.pid() + ")");
            }
            users.forEach(u -> u.onExit().join());
            if (RunStore.deleteTree(dir)) {
                removed.add(dir.toString());
            }
        }
        Path shared = dev.lockdrill.runner.ChildRunner.sandboxTempRoot();
        if (tempRoot.equals(Path.of(System.getProperty("java.io.tmpdir")))) {
            // the sandboxes of checks run as root: their users' processes and their folders
            for (String done : dev.lockdrill.runner.ChildRunner.sweepOrphanedSandboxes()) {
                if (done.startsWith("removed ")) {
                    removed.add(done.substring("removed ".length()));
                } else {
                    stopped.add(done);
                }
            }
            if (!shared.equals(tempRoot.toAbsolutePath())) {
                // a sandboxed check's servers made their folders there: this folder was closed to its user
                Swept there = new TempLeftovers(shared).sweep();
                stopped.addAll(there.stopped());
                removed.addAll(there.removed());
            }
        }
        return new Swept(stopped, removed);
    }

    private List<Path> candidates() {
        try (Stream<Path> list = Files.list(tempRoot)) {
            return list.filter(p -> PREFIXES.stream().anyMatch(prefix -> p.getFileName().toString().startsWith(prefix)))
                    .filter(p -> Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)).toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    /** Running processes whose command line names the folder (a pooler's ini, a node's --dir, the node watchdog). */
    static List<ProcessHandle> processesNaming(Path dir) {
        String name = dir.toString();
        return ProcessHandle.allProcesses().filter(p -> p.pid() != ProcessHandle.current().pid())
                .filter(p -> p.info().commandLine().map(line -> line.contains(name)).orElse(false)).toList();
    }

    private static String commandName(ProcessHandle process) {
        return process.info().command().map(c -> Path.of(c).getFileName().toString()).orElse("?");
    }

    private static boolean recent(Path dir) {
        try {
            return System.currentTimeMillis() - Files.getLastModifiedTime(dir).toMillis() <= QUIET_MILLIS;
        } catch (IOException e) {
            return true;
        }
    }
}
