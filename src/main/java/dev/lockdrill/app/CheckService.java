package dev.lockdrill.app;

import dev.lockdrill.catalog.KataManifest;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.check.MetricValue;
import dev.lockdrill.compile.CompileResult;
import dev.lockdrill.compile.KataCompiler;
import dev.lockdrill.db.PgBouncerPool;
import dev.lockdrill.db.PostgresBackend;
import dev.lockdrill.db.ConnectionRoom;
import dev.lockdrill.db.RunSchema;
import dev.lockdrill.history.History;
import dev.lockdrill.kata.Kata;
import dev.lockdrill.kata.Needs;
import dev.lockdrill.progress.KataProgress;
import dev.lockdrill.report.RunStore;
import dev.lockdrill.runner.ChildOutcome;
import dev.lockdrill.runner.ChildRunner;
import dev.lockdrill.runner.ChildSpec;
import dev.lockdrill.runner.ChildStatus;
import dev.lockdrill.score.CheckResult;
import dev.lockdrill.score.ImplementationRun;
import dev.lockdrill.score.RunStatus;
import dev.lockdrill.score.Scoring;
import dev.lockdrill.score.Verdicts;
import dev.lockdrill.support.ExitCodes;
import dev.lockdrill.support.LastWords;
import dev.lockdrill.support.LockdrillException;
import dev.lockdrill.support.Text;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The check pipeline: compile the learner's folder (and the reference), run both in check
 * processes against their own schemas, evaluate the invariants over each history, score the
 * learner against the reference, store the run and record progress.
 */
public final class CheckService {
    private final AppContext app;
    private final ChildRunner runner = new ChildRunner();

    public CheckService(AppContext app) {
        this.app = app;
    }

    public CheckResult check(CheckRequest request, CheckProgress progress) {
        KataManifest manifest = app.catalog().kata(request.kata());
        Kata definition = request.definition();
        Path source = sourceDir(request);
        List<Path> classpath = classpath(request.extraClasspath());
        long seed = request.seed() != null ? request.seed() : ThreadLocalRandom.current().nextLong(1, 1_000_000);
        Instant at = app.clock().instant();
        Unsaved unsaved = new Unsaved();
        Path runDir = runDir(request, at, unsaved);
        // a signal (Ctrl-C, kill, a closed terminal) ends the JVM before the check does: the run is forgotten
        // and waits (a few seconds at most) for the command to say so: the JVM halts once its hooks are done
        Thread forget = new Thread(() -> {
            forgetUnfinished(runDir);
            LastWords.await(5_000);
        }, "forget-unfinished-run");
        Runtime.getRuntime().addShutdownHook(forget);
        try {
            Duration timeout = request.timeout() != null ? request.timeout()
                    : Duration.ofSeconds(manifest.timeoutSeconds());

            progress.stage("compiling " + display(source));
            CompileResult mine = app.compiler().compile(source, runDir.resolve("classes"), classpath);
            if (!mine.ok()) {
                ImplementationRun failed = new ImplementationRun(display(source), RunStatus.COMPILE_ERROR, List.of(),
                        List.of(), "", "", mine.errors(), mine.millis(), null);
                return finish(request, runDir, unsaved, new CheckResult(request.kata(), RunStatus.COMPILE_ERROR, seed,
                        null, at, failed, null, Scoring.compare(failed, null)));
            }
            CompileResult reference = null;
            if (!request.reference() && request.compare()) {
                reference = ReferenceBuild.compile(app.compiler(), app.workbook().solution(request.kata()),
                        unsaved.reason == null ? app.workbook().stateDir().resolve("cache") : runDir.resolve("cache"),
                        classpath);
                if (!reference.ok()) {
                    throw new LockdrillException("The reference solution of '" + request.kata() + "' does not compile: "
                            + reference.errors().get(0) + ". Restore solutions/ from git.", ExitCodes.INTERNAL);
                }
            }
            if (definition.needs(Needs.REDIS)) {
                RedisServers.requireOnPath(request.kata());
            }
            if (definition.needs(Needs.POSTGRES)) {
                // the first check of a process may start a server (the embedded one: seconds) before the sweep
                progress.stage("preparing PostgreSQL");
            }
            PostgresBackend backend = definition.needs(Needs.POSTGRES) ? app.backend(request.jdbcUrl()) : null;
            if (backend != null) {
                RunSchema.sweep(backend.jdbcUrl(), false).forEach(s -> app.notice("Dropped " + s
                        + ", left by an earlier check whose process is gone."));
            }
            if (definition.needs(Needs.POSTGRES) || definition.needs(Needs.REDIS)) {
                TempLeftovers.ofThisSystem().sweep().stopped().forEach(s -> app.notice("Stopped " + s
                        + ", left running by an earlier check whose process is gone."));
            } else {
                dev.lockdrill.runner.ChildRunner.sweepOrphanedSandboxes().stream().filter(s -> !s.startsWith("removed "))
                        .forEach(s -> app.notice("Stopped " + s + ", left running by an earlier check whose "
                                + "process is gone."));
            }
            String jdbcUrl = backend == null ? null : backend.jdbcUrl();
            int lanes = jdbcUrl == null ? lanes(definition) : lanesWithRoom(definition, jdbcUrl);
            Run runMine = new Run(display(source), "you", mine.classesDir());
            Run runReference = reference == null ? null : new Run("reference", "ref", reference.classesDir());
            CompletableFuture<ImplementationRun> theirs = runReference == null ? null
                    : CompletableFuture.supplyAsync(() -> execute(definition, manifest, runReference, request, seed,
                            jdbcUrl, lanes, timeout, runDir, progress));
            ImplementationRun you = execute(definition, manifest, runMine, request, seed, jdbcUrl, lanes, timeout,
                    runDir, progress);
            ImplementationRun ref = theirs == null ? null : theirs.join();
            progress.stage("scoring");
            CheckResult result = new CheckResult(request.kata(), you.status(), seed,
                    backend == null ? null : backend.reason(), at, you, ref, Scoring.compare(you, ref));
            return finish(request, runDir, unsaved, result);
        } catch (RuntimeException e) {
            // a check that ended in an error (no PostgreSQL, a pooler that did not start) keeps nothing
            forgetUnfinished(runDir);
            throw e;
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(forget);
            } catch (IllegalStateException shuttingDown) {
                // the hook runs
            }
        }
    }

    /**
     * The kata a check of {@code id} runs, resolved once where the check is asked for: the workbook's
     * kata first (so an unknown id gets its "No kata" sentence, as it always did), then its definition.
     */
    public static Kata definition(AppContext app, String id) {
        app.catalog().kata(id);
        return KataRegistry.get(id);
    }

    /** Whether the JVM is ending: a shutdown hook can no longer be added then. */
    static boolean jvmEnding() {
        Thread probe = new Thread(() -> { }, "shutdown-probe");
        try {
            Runtime.getRuntime().addShutdownHook(probe);
            Runtime.getRuntime().removeShutdownHook(probe);
            return false;
        } catch (IllegalStateException ending) {
            return true;
        }
    }

    /** Deletes a run folder that holds no result (an interrupted or failed check stores nothing). */
    private static void forgetUnfinished(Path runDir) {
        if (!Files.exists(runDir.resolve("result.json"))) {
            RunStore.deleteTree(runDir);
        }
    }

    /** Why this run cannot be kept (its folder is a temporary one), or null when it can. */
    private static final class Unsaved {
        private String reason;
    }

    /**
     * The run's folder under .lockdrill/runs; when that cannot be made (a read-only workbook), a
     * temporary folder the check still runs in, deleted afterwards.
     */
    private Path runDir(CheckRequest request, Instant at, Unsaved unsaved) {
        try {
            return app.runs().newRunDir(request.kata(), at, owner(request));
        } catch (UncheckedIOException e) {
            unsaved.reason = why(e);
            try {
                return Files.createTempDirectory("lockdrill-run-");
            } catch (IOException temp) {
                throw new LockdrillException("Cannot create a folder to run the check in (" + why(e) + "; and "
                        + temp.getMessage() + "): make .lockdrill/ or the temporary folder writable.", ExitCodes.USAGE);
            }
        }
    }

    /** What could not be done and why, e.g. "cannot save the run in DIR (read-only file system)". */
    static String why(UncheckedIOException e) {
        IOException cause = e.getCause();
        if (!(cause instanceof FileSystemException fs)) {
            return e.getMessage() + " (" + (cause.getMessage() == null ? cause.getClass().getSimpleName()
                    : cause.getMessage()) + ")";
        }
        String detail = cause instanceof AccessDeniedException ? "permission denied"
                : cause instanceof FileAlreadyExistsException || cause instanceof NotDirectoryException
                ? "a file is in the way"
                : fs.getReason() != null ? fs.getReason().toLowerCase(Locale.ROOT) : cause.getClass().getSimpleName();
        String file = fs.getFile() == null || e.getMessage().contains(fs.getFile()) ? "" : " on " + fs.getFile();
        return e.getMessage() + " (" + detail + file + ")";
    }

    /** At most this many lanes per check (see {@link Kata#lanes}); 1 runs the scenarios one after another. */
    public static final String LANES_ENV = "LOCKDRILL_LANES";

    private record Run(String source, String label, Path classes) {
    }

    private ImplementationRun execute(Kata definition, KataManifest manifest, Run run, CheckRequest request,
                                      long seed, String jdbcUrl, int lanes, Duration timeout, Path runDir,
                                      CheckProgress progress) {
        String tag = RunSchema.newTag();
        String schemaName = tag + "_" + run.label();
        ChildOutcome outcome;
        if (jdbcUrl != null) {
            RunSchema schema = RunSchema.create(jdbcUrl, schemaName, tag, lanes);
            String warning = schema.warning();
            if (!warning.isEmpty()) {
                app.notice(warning);
            }
            String poolerTarget = schema.ownerUrl() != null ? schema.ownerUrl() : jdbcUrl;
            try (Pooler pooler = definition.needs(Needs.POOLER) ? pooler(poolerTarget, schemaName) : Pooler.NONE) {
                ChildSpec spec = spec(definition, manifest, run, request, seed, jdbcUrl, schema.ownerUrl(),
                        pooler.url(), pooler.absent(), schemaName, tag, timeout, runDir, lanes);

                outcome = runner.run(spec, p -> progress.stage(run.label() + " › " + p.scenario()));
            } finally {
                progress.stage(run.label() + " › cleaning up");
                schema.close();
            }
            if (!schema.problem().isEmpty()) {
                app.notice(schema.problem());
            }
        } else {
            ChildSpec spec = spec(definition, manifest, run, request, seed, null, null, null, null, schemaName, tag,
                    timeout, runDir, lanes);
            outcome = runner.run(spec, p -> progress.stage(run.label() + " › " + p.scenario()));
        }
        return evaluate(definition, run.source(), outcome);
    }

    /** The run's PgBouncer, or why none runs (then its scenarios are reported not run). */
    private record Pooler(PgBouncerPool pool, String absent) implements AutoCloseable {
        static final Pooler NONE = new Pooler(null, null);

        String url() {
            return pool == null ? null : pool.jdbcUrl();
        }

        @Override
        public void close() {
            if (pool != null) {
                pool.close();
            }
        }
    }

    /**
     * Starts the run's PgBouncer. Not installed (or turned off), or one that does not start, is no
     * reason to fail the check for an optional tool: its scenarios are reported not run, and a
     * pooler that did not start gets a notice too.
     */
    private Pooler pooler(String jdbcUrl, String schemaName) {
        Optional<Path> executable = app.selector().pgBouncer();
        if (executable.isEmpty()) {
            return new Pooler(null, app.selector().noPgBouncer());
        }
        try {
            return new Pooler(PgBouncerPool.start(executable.get(), jdbcUrl, schemaName,
                    PgBouncerPool.DEFAULT_POOL_SIZE), null);
        } catch (LockdrillException e) {
            String why = e.getMessage().replaceAll("\\.$", "");
            app.notice(why + "; the scenarios through a transaction pooler were not run.");
            return new Pooler(null, why);
        }
    }

    private static ChildSpec spec(Kata definition, KataManifest manifest, Run run, CheckRequest request, long seed,
                                  String jdbcUrl, String ownerUrl, String pooledUrl, String noPooler,
                                  String schemaName, String tag, Duration timeout, Path runDir, int lanes) {
        return new ChildSpec(run.label(), definition.workload().getName(), manifest.implementation(), run.classes(),
                request.extraClasspath(), seed, jdbcUrl, ownerUrl, pooledUrl, noPooler, schemaName, tag, timeout,

                runDir.resolve(run.label() + "-output.log"), null, lanes, definition.jvmOptions());
    }

    /**
     * Check processes of one check that may hold their connections at once: yours and the
     * reference's side by side (and `dev check` runs two checks of one process each at once).
     */
    static final int CHECK_PROCESSES_AT_ONCE = 2;

    /**
     * The lanes of both check processes of a check on PostgreSQL, decided once before either starts
     * (so both run alike and one sentence says so when there is not room for all of them).
     */
    private int lanesWithRoom(Kata definition, String jdbcUrl) {
        int wanted = lanes(definition);
        int lanes = lanes(definition, ConnectionRoom.free(jdbcUrl));
        if (lanes < wanted) {
            app.notice("PostgreSQL has too few free connections for " + wanted + " lanes, so this "
                    + "check runs its scenarios in " + lanes + " (slower; raise max_connections or close other "
                    + "sessions for all of them).");
        }
        return lanes;
    }

    /**
     * The kata's lanes ({@link #lanes(Kata)}), or the most whose peak connections the server's free
     * slots hold for {@link #CHECK_PROCESSES_AT_ONCE} check processes (at least one); all of them when
     * the server could not say.
     */
    static int lanes(Kata definition, OptionalInt freeSlots) {
        int lanes = lanes(definition);
        if (freeSlots.isEmpty()) {
            return lanes;
        }
        while (lanes > 1 && CHECK_PROCESSES_AT_ONCE * definition.peakConnections(lanes) > freeSlots.getAsInt()) {
            lanes--;
        }
        return lanes;
    }

    /** The kata's lanes, or fewer when {@value #LANES_ENV} says so (1: every scenario in turn, as before). */
    static int lanes(Kata definition) {
        String value = System.getenv(LANES_ENV);
        try {
            int most = value == null || value.isBlank() ? Integer.MAX_VALUE : Math.max(1, Integer.parseInt(value.trim()));
            return Math.min(definition.lanes(), most);
        } catch (NumberFormatException e) {
            return definition.lanes();
        }
    }

    static ImplementationRun evaluate(Kata definition, String source, ChildOutcome outcome) {
        History history = outcome.history();
        if (outcome.status() != ChildStatus.COMPLETED) {
            RunStatus status = outcome.status() == ChildStatus.TIMEOUT ? RunStatus.TIMEOUT
                    : outcome.status() == ChildStatus.INTERRUPTED ? RunStatus.INTERRUPTED : RunStatus.CRASHED;
            return new ImplementationRun(source, status, List.of(), List.of(), outcome.message(), outcome.detail(),
                    List.of(), outcome.millis(), history);
        }
        List<InvariantResult> results = Verdicts.evaluate(KataRegistry.invariants(definition), history);
        List<MetricValue> metrics = definition.metrics().compute(history);
        return new ImplementationRun(source, Verdicts.status(results), results, metrics, "", "", List.of(),
                outcome.millis(), history);
    }

    /**
     * Keeps the run and records progress. What cannot be written (a read-only workbook) is said in
     * one sentence each; the finished check's result is returned all the same.
     */
    private CheckResult finish(CheckRequest request, Path runDir, Unsaved unsaved, CheckResult checked) {
        CheckResult result = checked.withTiming(request.definition().timingDependent());
        if (jvmEnding()) {
            // a signal (SIGTERM, SIGHUP) is ending lockdrill and its hooks stopped what the check ran on (the
            // check processes, an embedded server): what came back is a run cut short, not a verdict
            forgetUnfinished(runDir);
            throw new LockdrillException("Interrupted: the check stopped before it finished; nothing was recorded.",
                    ExitCodes.INTERRUPTED);
        }
        if (result.interrupted()) {
            RunStore.deleteTree(runDir);
            return result;
        }
        if (unsaved.reason != null) {
            RunStore.deleteTree(runDir);
            app.notice("This run was not saved: " + unsaved.reason + "; make .lockdrill/ writable to keep runs.");
        } else {
            save(request, runDir, result);
        }
        if (request.sourceDir() == null && !request.reference()) {
            List<String> linked = app.catalog().kata(request.kata()).drills();
            List<String> drills = result.status().exitCode() == ExitCodes.FAIL ? linked : List.of();
            List<String> passed = result.status() == RunStatus.PASS ? linked : List.of();
            String failed = "the " + request.kata() + " check failed";
            try {
                app.state().update(state -> state.with(request.kata(),
                        state.kata(request.kata()).afterCheck(result.status().label(), result.at().toString()))
                        .withDrillsDue(drills, app.clock().instant(), failed)
                        .withDrillsNoLongerPulledBy(passed, failed));
            } catch (UncheckedIOException e) {
                app.notice("Your progress was not recorded: " + why(e) + "; make .lockdrill/ writable.");
            } catch (LockdrillException e) {
                app.notice("Your progress was not recorded. " + e.getMessage());
            }
        }
        return result;
    }

    private void save(CheckRequest request, Path runDir, CheckResult result) {
        try {
            app.runs().save(runDir, result);
        } catch (UncheckedIOException e) {
            app.notice("This run was not saved: " + why(e) + "; make .lockdrill/ writable to keep runs.");
            return;
        }
        int pruned = app.runs().prune(runDir, keepRuns());
        if (pruned > 0 && owner(request) == RunStore.Owner.LEARNER) {
            app.notice("Removed " + pruned + " old run" + (pruned == 1 ? "" : "s") + " of " + request.kata()
                    + " (keeping the last " + keepRuns() + "; set " + KEEP_RUNS_ENV + " to change that).");
        }
    }

    static final String KEEP_RUNS_ENV = "LOCKDRILL_KEEP_RUNS";

    private static int keepRuns() {
        try {
            return Math.max(1, Integer.parseInt(System.getenv().getOrDefault(KEEP_RUNS_ENV,
                    Integer.toString(RunStore.DEFAULT_KEEP))));
        } catch (NumberFormatException e) {
            return RunStore.DEFAULT_KEEP;
        }
    }

    /** Only a run of the learner's own folder becomes the kata's latest run. */
    public static RunStore.Owner owner(CheckRequest request) {
        return request.sourceDir() == null && !request.reference() ? RunStore.Owner.LEARNER : RunStore.Owner.OTHER;
    }

    private Path sourceDir(CheckRequest request) {
        return sourceDir(app, request.kata(), request.sourceDir(), request.reference());
    }

    /** The folder a check compiles: the reference, the one given with --from, or the learner's. */
    static Path sourceDir(AppContext app, String kata, Path from, boolean reference) {
        Path dir = reference ? app.workbook().solution(kata) : from != null ? from : app.workbook().kata(kata);
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw LockdrillException.usage(Text.literal(dir.toString()) + " is a file, not a folder. Give --from the "
                    + "folder that holds the kata's .java files.");
        }
        if (!Files.isDirectory(dir)) {
            throw LockdrillException.usage("Folder " + Text.literal(dir.toString()) + " does not exist. Give --from a "
                    + "folder with the kata's .java files, or `lockdrill reset " + Text.literal(kata)
                    + "` to restore the stub.");
        }
        if (KataCompiler.sourcesOrExplain(dir).isEmpty()) {
            // said before a run folder is made: a folder with nothing to compile is a wrong folder,
            // not a compile error to keep as a run (nor an attempt at the kata)
            throw LockdrillException.usage("Folder " + Text.literal(dir.toString()) + " holds no .java files. "
                    + (from != null ? "Give --from the folder that holds the kata's .java files."
                    : "`lockdrill reset " + Text.literal(kata) + "` restores the stub."));
        }
        return dir.toAbsolutePath().normalize();
    }

    static List<Path> classpath(List<Path> extra) {
        List<Path> classpath = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (!entry.isBlank()) {
                classpath.add(Path.of(entry));
            }
        }
        for (Path path : extra) {
            if (!Files.exists(path)) {
                throw LockdrillException.usage("--classpath entry " + Text.literal(path.toString())
                        + " does not exist.");
            }
            classpath.add(path.toAbsolutePath());
        }
        return classpath;
    }

    private String display(Path dir) {
        return display(app, dir);
    }

    static String display(AppContext app, Path dir) {
        Path root = app.workbook().root();
        return dir.startsWith(root) ? root.relativize(dir).toString() : dir.toString();
    }
}
