package dev.lockdrill.app;

import dev.lockdrill.catalog.KataManifest;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.check.Verdict;
import dev.lockdrill.compile.CompileResult;
import dev.lockdrill.db.PostgresBackend;
import dev.lockdrill.db.RunSchema;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Observation;
import dev.lockdrill.kata.Kata;
import dev.lockdrill.kata.Needs;
import dev.lockdrill.runner.ChildOutcome;
import dev.lockdrill.runner.ChildRunner;
import dev.lockdrill.runner.ChildSpec;
import dev.lockdrill.runner.ChildStatus;
import dev.lockdrill.support.ExitCodes;
import dev.lockdrill.support.LockdrillException;
import dev.lockdrill.support.ScheduleId;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;

/**
 * `check KATA --explore`: runs generated schedules (the kata's workers doing random operations, a
 * nemesis injecting random faults) until the time is up or an invariant fails; then shrinks the
 * failing schedule to fewer steps that still fail, and names the id that replays it.
 */
public final class ExploreService {
    /** Each check process runs about this long (several schedules), so JVM start-up is paid rarely. */
    static final long TARGET_CHILD_MILLIS = 6_000;
    static final int MAX_BATCH = 12;
    static final int MOST_LANES = 2;

    /**
     * What `--explore` was asked, with the kata resolved to its definition where it was asked:
     * {@code replay} set runs that one schedule instead of searching.
     */
    public record Request(Kata definition, Path sourceDir, boolean reference, List<Path> extraClasspath, Long seed,
                          String jdbcUrl, Duration duration, ScheduleId replay, Duration timeout) {
        public Request {
            extraClasspath = extraClasspath == null ? List.of() : List.copyOf(extraClasspath);
        }

        /** A request for the kata with this id, resolved here (an unknown id is the registry's one sentence). */
        public Request(String kata, Path sourceDir, boolean reference, List<Path> extraClasspath, Long seed,
                       String jdbcUrl, Duration duration, ScheduleId replay, Duration timeout) {
            this(KataRegistry.get(kata), sourceDir, reference, extraClasspath, seed, jdbcUrl, duration, replay,
                    timeout);
        }

        /** The kata's id. */
        public String kata() {
            return definition.id();
        }
    }

    /** How a schedule broke the contract: the invariants it failed (or whose check threw), or how its process ended. */
    record Failure(List<InvariantResult> failed, String ended) {
    }

    /** One step of a schedule as the report prints it. */
    public record StepLine(int step, String actor, String does) {
    }

    /**
     * A schedule that broke the contract: the one found, the smaller one that still fails (equal when
     * shrinking took nothing out), its steps, the invariants it failed (or that could not judge it:
     * their check threw, and their verdict is unknown), or how the process ended.
     */
    public record Finding(ScheduleId found, int foundSteps, ScheduleId shrunk, List<StepLine> steps,
                          List<InvariantResult> failed, String ended, int shrinkRuns) {
    }

    /** What an exploration did: how many schedules in how many processes and how long, and what it found. */
    public record Result(String kata, String source, long firstSeed, int schedules, int runs, long millis,
                         long budgetMillis, Finding finding, boolean replay, String replayCommand, int lanes) {
        public boolean found() {
            return finding != null;
        }

        /** Pass when nothing was found; unknown when the only finding is a check that could not judge a schedule. */
        public int exitCode() {
            if (finding == null) {
                return ExitCodes.PASS;
            }
            return !finding.failed().isEmpty() && finding.failed().stream().allMatch(r -> r.verdict() == Verdict.UNKNOWN)
                    ? ExitCodes.UNKNOWN : ExitCodes.FAIL;
        }
    }

    private final AppContext app;
    private final ChildRunner runner = new ChildRunner();

    public ExploreService(AppContext app) {
        this.app = app;
    }

    public Result explore(Request request, CheckProgress progress) {
        Kata definition = request.definition();
        if (!definition.explores()) {
            throw LockdrillException.usage("Kata " + request.kata() + " has no explorer yet; run `lockdrill check "
                    + request.kata() + "` for its scripted scenarios.");
        }
        KataManifest manifest = app.catalog().kata(request.kata());
        Path source = CheckService.sourceDir(app, request.kata(), request.sourceDir(), request.reference());
        List<Path> classpath = CheckService.classpath(request.extraClasspath());
        Path workDir = app.workbook().stateDir().resolve("explore").resolve(request.kata());
        progress.stage("compiling " + CheckService.display(app, source));
        CompileResult compiled = app.compiler().compile(source, workDir.resolve("classes"), classpath);
        if (!compiled.ok()) {
            throw new LockdrillException(CheckService.display(app, source) + " does not compile ("
                    + compiled.errors().get(0) + "); run `lockdrill check " + request.kata() + "` to see every error.",
                    ExitCodes.COMPILE_ERROR);
        }
        if (definition.needs(Needs.REDIS)) {
            RedisServers.requireOnPath(request.kata());
        }
        if (definition.needs(Needs.POSTGRES)) {
            progress.stage("preparing PostgreSQL");
        }
        PostgresBackend backend = definition.needs(Needs.POSTGRES) ? app.backend(request.jdbcUrl()) : null;
        if (backend != null) {
            RunSchema.sweep(backend.jdbcUrl(), false).forEach(s -> app.notice("Dropped schema " + s
                    + ", left by an earlier check whose process is gone."));
        }
        Explorer explorer = new Explorer(definition, manifest, compiled.classesDir(), request,
                backend == null ? null : backend.jdbcUrl(), workDir, progress);
        String replayCommand = replayCommand(request);
        long start = System.nanoTime();
        if (request.replay() != null) {
            Batch batch = explorer.run(List.of(request.replay()));
            Finding finding = batch.failure(request.replay()).map(f -> new Finding(request.replay(),
                    batch.steps(request.replay()).size(), request.replay(), batch.steps(request.replay()), f.failed(),
                    f.ended(), 0)).orElse(null);
            return new Result(request.kata(), CheckService.display(app, source), request.replay().seed(), 1, 1,
                    elapsed(start), 0, finding, true, replayCommand, 1);
        }
        long budget = request.duration().toMillis();
        long firstSeed = request.seed() != null ? request.seed() : ThreadLocalRandom.current().nextLong(1, 1_000_000);
        long next = firstSeed;
        int schedules = 0;
        int runs = 0;
        int batchSize = 2;
        Finding finding = null;
        int lanes = lanes(definition);
        ExecutorService pool = Executors.newFixedThreadPool(lanes, runnable -> {
            Thread thread = new Thread(runnable, "explore-lane");
            thread.setDaemon(true);
            return thread;
        });
        Deque<Future<Batch>> inFlight = new ArrayDeque<>();
        try {
            while (finding == null) {
                while (inFlight.size() < lanes && elapsed(start) < budget) {
                    List<ScheduleId> ids = new ArrayList<>();
                    for (int i = 0; i < batchSize; i++) {
                        ids.add(ScheduleId.of(next++));
                    }
                    Path log = workDir.resolve(lanes == 1 ? "explore-output.log"
                            : "explore-output-" + (runs + inFlight.size()) % lanes + ".log");
                    inFlight.add(pool.submit(() -> explorer.run(ids, log)));
                }
                if (inFlight.isEmpty()) {
                    break;
                }
                long left = Math.max(0, budget - elapsed(start)) / 1000;
                progress.stage("exploring " + request.kata() + " · " + schedules + " schedules · " + left + " s left");
                Batch batch = take(inFlight.poll());
                runs++;
                for (ScheduleId id : batch.ids()) {
                    if (!batch.ran(id)) {
                        continue;
                    }
                    schedules++;
                    Failure failure = batch.failure(id).orElse(null);
                    if (failure != null) {
                        // Batches are judged in the order their schedules were drawn, so the finding is the
                        // first failing schedule, as one lane would have found it; later batches still in
                        // flight are let finish and not judged.
                        for (Future<Batch> later : inFlight) {
                            take(later);
                        }
                        inFlight.clear();
                        finding = explorer.shrink(id, batch.steps(id), failure);
                        break;
                    }
                }
                long perSchedule = Math.max(1, batch.millis() / Math.max(1, batch.ids().size()));
                // rounded up, and never one: a batch's time includes the process's start-up, so one slow
                // batch of two made the next ones single schedules that paid a start-up each
                batchSize = (int) Math.max(2, Math.min(MAX_BATCH, (TARGET_CHILD_MILLIS + perSchedule - 1) / perSchedule));
            }
        } finally {
            // A lane that failed leaves the others' check processes to end on their own (a batch lasts
            // about TARGET_CHILD_MILLIS); they are not interrupted, since a check process is stopped by
            // its runner's signal handling and time limit, never by interrupting the thread waiting on it.
            for (Future<Batch> left : inFlight) {
                try {
                    left.get();
                } catch (ExecutionException | RuntimeException ignored) {
                    // the first failure is the one reported
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
            pool.shutdown();
        }
        return new Result(request.kata(), CheckService.display(app, source), firstSeed, schedules,
                runs + (finding == null ? 0 : finding.shrinkRuns()), elapsed(start), budget, finding, false,
                replayCommand, lanes);
    }

    /**
     * How many check processes explore side by side: the kata's lanes (its scenarios wait more than
     * they compute, real TTLs and pauses), at most {@value #MOST_LANES} on any machine, fewer when
     * {@value CheckService#LANES_ENV} says so. Schedules per minute roughly double for those katas.
     */
    static int lanes(Kata definition) {
        return Math.max(1, Math.min(MOST_LANES, CheckService.lanes(definition)));
    }

    /** Waits for a batch; an interrupt (Ctrl-C) reaches the lanes' check processes, which are stopped. */
    private static Batch take(Future<Batch> future) {
        try {
            return future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LockdrillException("The exploration was interrupted.", ExitCodes.INTERRUPTED);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException runtime) {
                throw runtime;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw new IllegalStateException(e.getCause());
        }
    }

    private static long elapsed(long startNanos) {
        return (System.nanoTime() - startNanos) / 1_000_000;
    }

    private static String replayCommand(Request request) {
        StringBuilder command = new StringBuilder("lockdrill check " + request.kata());
        if (request.reference()) {
            command.append(" --reference");
        } else if (request.sourceDir() != null) {
            command.append(" --from ").append(request.sourceDir());
        }
        return command.append(" --explore --replay ").toString();
    }

    /** What one check process ran: per schedule, its steps and whether (and how) it broke the contract. */
    private record Batch(List<ScheduleId> ids, History history, ChildOutcome outcome, List<Invariant> invariants,
                         long millis) implements ScheduleShrinking.Tried {

        /** The process ended early: a timeout, a crash, or an error that stopped the workload. */
        boolean broken() {
            return outcome.status() != ChildStatus.COMPLETED || !outcome.message().isBlank();
        }

        boolean ran(ScheduleId id) {
            return broken() && ids.size() == 1
                    || history.observations(STEPS).stream()
                    .anyMatch(o -> o.scenario().equals(id.scenario()));
        }

        @Override
        public List<StepLine> steps(ScheduleId id) {
            List<StepLine> steps = new ArrayList<>();
            for (Observation o : history.observations(STEPS)) {
                if (o.scenario().equals(id.scenario())) {
                    for (Map<String, Object> row : o.rows()) {
                        steps.add(new StepLine(((Number) row.get("step")).intValue(), String.valueOf(row.get("actor")),
                                String.valueOf(row.get("does"))));
                    }
                }
            }
            return steps;
        }

        @Override
        public Optional<Failure> failure(ScheduleId id) {
            if (broken()) {
                if (ids.size() == 1 || !finished(id)) {
                    String how = outcome.status() == ChildStatus.TIMEOUT ? "timed out"
                            : outcome.status() == ChildStatus.CRASHED ? "crashed" : "stopped";
                    return Optional.of(new Failure(List.of(), how
                            + (outcome.message().isBlank() ? "" : ": " + outcome.message())));
                }
                return Optional.empty();
            }
            String scenario = id.scenario();
            History own = new History(history.seed(), history.ops(op -> op.scenario().equals(scenario)),
                    history.faults(scenario), history.observations().stream()
                    .filter(o -> o.scenario().equals(scenario)).toList());
            List<InvariantResult> failed = invariants.stream().flatMap(invariant -> broken(invariant, own).stream())
                    .toList();
            return failed.isEmpty() ? Optional.empty() : Optional.of(new Failure(failed, ""));
        }

        /**
         * The invariant's result when it failed, or when its check threw: a schedule the checker cannot
         * judge stops the exploration as a finding with an unknown verdict, rather than counting as one
         * that kept every invariant.
         */
        private static Optional<InvariantResult> broken(Invariant invariant, History history) {
            try {
                InvariantResult result = invariant.check(history);
                return result.verdict() == Verdict.FAIL ? Optional.of(result) : Optional.empty();
            } catch (RuntimeException | StackOverflowError e) {
                return Optional.of(invariant.threw(e));
            }
        }

        /** Whether a later schedule started, so this one's history is whole although the process then died. */
        private boolean finished(ScheduleId id) {
            int at = ids.indexOf(id);
            return at + 1 < ids.size() && ran(ids.get(at + 1));
        }
    }

    static final String STEPS = ScheduleId.STEPS_OBSERVATION;

    /** Runs schedules in check processes, one fresh schema per process. */
    private final class Explorer {
        private final Kata definition;
        private final KataManifest manifest;
        private final Path classes;
        private final Request request;
        private final String jdbcUrl;
        private final Path workDir;
        private final CheckProgress progress;
        private final List<Invariant> invariants;

        Explorer(Kata definition, KataManifest manifest, Path classes, Request request, String jdbcUrl, Path workDir,
                 CheckProgress progress) {
            this.definition = definition;
            this.manifest = manifest;
            this.classes = classes;
            this.request = request;
            this.jdbcUrl = jdbcUrl;
            this.workDir = workDir;
            this.progress = progress;
            this.invariants = KataRegistry.invariants(definition);
        }

        Batch run(List<ScheduleId> ids) {
            return run(ids, workDir.resolve("explore-output.log"));
        }

        Batch run(List<ScheduleId> ids, Path log) {
            long began = System.nanoTime();
            String tag = RunSchema.newTag();
            String schemaName = tag + "_explore";
            Duration timeout = request.timeout() != null ? request.timeout()
                    : Duration.ofSeconds(Math.max(manifest.timeoutSeconds(), 20L * ids.size()));
            ChildOutcome outcome;
            if (jdbcUrl != null) {
                RunSchema schema = RunSchema.create(jdbcUrl, schemaName, tag);
                try {
                    if (!schema.warning().isEmpty()) {
                        app.notice(schema.warning());
                    }
                    outcome = runner.run(spec(ids, schema.ownerUrl(), schemaName, tag, timeout, log), p -> { });
                } finally {
                    schema.close();
                }
                if (!schema.problem().isEmpty()) {
                    app.notice(schema.problem());
                }
            } else {
                outcome = runner.run(spec(ids, null, schemaName, tag, timeout, log), p -> { });
            }
            if (outcome.status() == ChildStatus.INTERRUPTED) {
                throw new LockdrillException("The exploration was interrupted.", ExitCodes.INTERRUPTED);
            }
            return new Batch(ids, outcome.history(), outcome, invariants, elapsed(began));
        }

        private ChildSpec spec(List<ScheduleId> ids, String ownerUrl, String schemaName, String tag,
                               Duration timeout, Path log) {
            return new ChildSpec("explore", definition.workload().getName(), manifest.implementation(), classes,
                    request.extraClasspath(), ids.get(0).seed(), jdbcUrl, ownerUrl, null,
                    "an exploration runs no PgBouncer", schemaName, tag, timeout, log, ScheduleId.join(ids), 1,
                    definition.jvmOptions());
        }

        /** Takes steps out of a failing schedule while it still fails one of the same invariants. */
        Finding shrink(ScheduleId found, List<StepLine> steps, Failure failure) {
            return new ScheduleShrinking(this::run, progress, System::nanoTime).shrink(found, steps, failure);
        }
    }
}
