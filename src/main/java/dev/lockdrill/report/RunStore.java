package dev.lockdrill.report;

import dev.lockdrill.history.Event;
import dev.lockdrill.history.EventCodec;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Op;
import dev.lockdrill.score.CheckResult;
import dev.lockdrill.support.OwnerMark;
import dev.lockdrill.support.Secrets;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Keeps every run under {@code .lockdrill/runs/<kata>/<timestamp>/} (result.json, history.jsonl,
 * timeline.html, the check processes' output) with a {@code latest} pointer, as Maelstrom's store does.
 */
public final class RunStore {
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss.SSS'Z'")
            .withZone(ZoneOffset.UTC);
    static final String OTHERS = "others";
    /** How many runs of each kata are kept (the learner's, and separately others'), unless configured. */
    public static final int DEFAULT_KEEP = 20;
    private static final String RESULT = "result.json";
    /** The runs of a lab ({@code lab-<name>}), kept beside the katas' but with no result.json. */
    public static final String LAB_PREFIX = "lab-";
    private static final Pattern STAMPED = Pattern.compile("\\d{8}T\\d{6}\\.\\d{3}Z(-\\d+)?");
    private final Path runsRoot;

    public RunStore(Path runsRoot) {
        this.runsRoot = runsRoot;
    }

    /** Whose code a run checked: the learner's own folder, or another (the reference, a --from folder). */
    public enum Owner {
        LEARNER, OTHER
    }

    /** Creates a fresh folder for a run of the learner's code started at the given instant. */
    public Path newRunDir(String kata, Instant at) {
        return newRunDir(kata, at, Owner.LEARNER);
    }

    /**
     * Creates a fresh folder for a run; runs of other code than the learner's are kept apart, under
     * {@code <kata>/others/}, so that {@code latest} (and report, compare, progress) stay the learner's.
     * Two runs started in the same millisecond (two processes, or two threads) get two folders: the
     * folder is claimed by creating it, and a name already taken moves on to {@code -2}, {@code -3}, …
     */
    public Path newRunDir(String kata, Instant at, Owner owner) {
        Path base = owner == Owner.LEARNER ? runsRoot.resolve(kata) : runsRoot.resolve(kata).resolve(OTHERS);
        try {
            Files.createDirectories(base);
            String stamp = STAMP.format(at);
            for (int n = 1; ; n++) {
                Path dir = base.resolve(n == 1 ? stamp : stamp + "-" + n);
                try {
                    Files.createDirectory(dir);
                    OwnerMark.write(dir);
                    return dir;
                } catch (FileAlreadyExistsException taken) {
                    // another run has this name: try the next
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a run folder under " + base, e);
        }
    }

    /**
     * Keeps the newest {@code keep} finished runs beside this one (its own folder: the learner's, or
     * others') and removes older ones; returns how many it removed. Runs interrupted before they
     * finished (no result.json) are not counted: they are swept, with the temp files of killed
     * saves, by {@link #sweep}.
     */
    public int prune(Path runDir, int keep) {
        Path base = runDir.getParent();
        sweep(base);
        List<Path> runs = runs(base).stream()
                .filter(p -> p.equals(runDir) || Files.exists(p.resolve(RESULT), LinkOption.NOFOLLOW_LINKS)).toList();
        int removed = 0;
        for (Path old : runs.subList(0, Math.max(0, runs.size() - keep))) {
            if (!old.equals(runDir) && settled(old) && deleteTree(old)) {
                removed++;
            }
        }
        return removed;
    }

    /**
     * Removes, under every kata's runs (the learner's and others'), what checks that no longer run
     * left: folders of runs that never finished, and the temp files of a save that was killed. A
     * lab's runs ({@code lab-*}) keep no result.json and are left as they are.
     * Returns the folders and files removed, relative to the runs folder.
     */
    public List<String> sweepAll() {
        List<String> removed = new ArrayList<>();
        try (Stream<Path> katas = Files.list(runsRoot)) {
            for (Path kata : katas.filter(p -> Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS))
                    .filter(p -> !p.getFileName().toString().startsWith(LAB_PREFIX)).toList()) {
                removed.addAll(sweep(kata));
                removed.addAll(sweep(kata.resolve(OTHERS)));
            }
        } catch (IOException e) {
            return removed;
        }
        return removed;
    }

    /** {@link #sweepAll} for one folder of runs. */
    private List<String> sweep(Path base) {
        List<String> removed = new ArrayList<>();
        for (Path run : runs(base)) {
            if (inUse(run)) {
                continue;
            }
            if (!Files.exists(run.resolve(RESULT), LinkOption.NOFOLLOW_LINKS)) {
                if (deleteTree(run)) {
                    removed.add(runsRoot.relativize(run) + "/");
                }
                continue;
            }
            try (Stream<Path> files = Files.list(run)) {
                for (Path temp : files.filter(f -> f.getFileName().toString().endsWith(".tmp")).toList()) {
                    if (Files.deleteIfExists(temp)) {
                        removed.add(runsRoot.relativize(temp).toString());
                    }
                }
            } catch (IOException e) {
                // what could not be listed is tried again by the next sweep
            }
        }
        return removed;
    }

    /** The run folders under {@code base}, oldest first. */
    private static List<Path> runs(Path base) {
        try (Stream<Path> list = Files.list(base)) {
            return list.filter(p -> Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS))
                    .filter(p -> STAMPED.matcher(p.getFileName().toString()).matches())
                    .sorted(Comparator.comparing(p -> p.getFileName().toString())).toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    /**
     * Whether a check may still be writing the run: its owner still runs, or (a folder made before
     * runs were marked, or whose owner has not marked it yet) it changed in the last while.
     */
    private static boolean inUse(Path run) {
        return OwnerMark.ownerAlive(run).orElseGet(() -> {
            try {
                return System.currentTimeMillis() - Files.getLastModifiedTime(run).toMillis() <= SETTLED_MILLIS;
            } catch (IOException e) {
                return true;
            }
        });
    }

    /** Kept while another check may still be writing it: finished (result.json there) a while ago. */
    static final long SETTLED_MILLIS = 120_000;

    private static boolean settled(Path run) {
        try {
            Path result = run.resolve(RESULT);
            return Files.exists(result) && System.currentTimeMillis()
                    - Files.getLastModifiedTime(result).toMillis() > SETTLED_MILLIS;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Deletes a folder and what it holds; false when some of it could not be deleted, or another
     * process (a concurrent check pruning the same runs) was deleting it at the same time.
     */
    public static boolean deleteTree(Path dir) {
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
            return true;
        } catch (IOException | UncheckedIOException e) {
            return false;
        }
    }

    public void save(Path runDir, CheckResult result) {
        // the two histories are written on another thread while this one writes the result and the
        // timeline: the check processes are gone by now, so the second core is free, and these files
        // are most of the time between the verdict being known and being shown
        CompletableFuture<Void> histories = CompletableFuture.runAsync(() -> {
            try {
                if (result.you().history() != null) {
                    writeAtomically(runDir.resolve("history.jsonl"), historyLines(result.you().history()));
                }
                if (result.reference() != null && result.reference().history() != null) {
                    writeAtomically(runDir.resolve("reference-history.jsonl"),
                            historyLines(result.reference().history()));
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        try {
            writeAtomically(runDir.resolve(RESULT), Secrets.redact(JsonReport.render(result)));
            if (result.you().history() != null) {
                writeAtomically(runDir.resolve(HtmlTimeline.FILE_NAME), HtmlTimeline.render(result));
            }
            histories.join();
            pointLatest(runDir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot save the run in " + runDir, e);
        } catch (CompletionException e) {
            IOException cause = e.getCause() instanceof UncheckedIOException unchecked ? unchecked.getCause()
                    : new IOException(e.getCause());
            throw new UncheckedIOException("cannot save the run in " + runDir, cause);
        } finally {
            histories.exceptionally(ignored -> null).join();
        }
    }

    /** Whether the run folder is the one made for a run started at {@code at}. */
    public static boolean startedAt(Path runDir, Instant at) {
        String name = runDir.getFileName().toString();
        String stamp = STAMP.format(at);
        return name.equals(stamp) || name.startsWith(stamp + "-");
    }

    /** The latest run folder of the learner's code for a kata, if any. */
    public Optional<Path> latest(String kata) {
        return latest(kata, Owner.LEARNER);
    }

    public Optional<Path> latest(String kata, Owner owner) {
        Path base = owner == Owner.LEARNER ? runsRoot.resolve(kata) : runsRoot.resolve(kata).resolve(OTHERS);
        Path pointer = base.resolve("latest");
        try {
            if (Files.isSymbolicLink(pointer)) {
                return Optional.of(pointer.toRealPath());
            }
            if (Files.isRegularFile(pointer, LinkOption.NOFOLLOW_LINKS)) {
                return Optional.of(base.resolve(Files.readString(pointer).trim()));
            }
        } catch (IOException e) {
            return Optional.empty();
        }
        return Optional.empty();
    }

    /**
     * Points {@code latest} at the run: a symbolic link made under a temporary name and renamed
     * over the old one, so concurrent runs of a kata never see it missing or half-made.
     */
    private static void pointLatest(Path runDir) throws IOException {
        Path pointer = runDir.getParent().resolve("latest");
        Path staged = runDir.getParent().resolve(".latest-" + runDir.getFileName());
        try {
            Files.createSymbolicLink(staged, runDir.getFileName());
        } catch (UnsupportedOperationException | IOException e) {
            Files.writeString(staged, runDir.getFileName().toString());
        }
        Files.move(staged, pointer, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    static String historyLines(History history) {
        List<Event> events = new ArrayList<>();
        for (Op op : history.ops()) {
            events.add(new Event.Invoke(op.id(), op.scenario(), op.worker(), op.f(), op.args(), op.invokeNanos()));
            events.add(new Event.Complete(op.id(), op.outcome(), op.result(), op.error(), op.completeNanos()));
        }
        history.faults().forEach(f -> events.add(new Event.Fault(f.name(), f.scenario(), f.target(), f.startNanos(),
                f.endNanos(), f.landed(), f.description())));
        history.observations().forEach(o -> events.add(new Event.Observed(o.name(), o.scenario(), o.rows())));
        return String.join("\n", EventCodec.encodeAll(events)) + "\n";
    }

    private static void writeAtomically(Path file, String content) throws IOException {
        Path tmp = Files.createTempFile(file.getParent(), file.getFileName().toString(), ".tmp");
        Files.writeString(tmp, content, StandardCharsets.UTF_8);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
