package dev.lockdrill.app;

import dev.lockdrill.compile.CompileResult;
import dev.lockdrill.db.PostgresBackend;
import dev.lockdrill.db.RunSchema;
import dev.lockdrill.kata.redlock.RedlockKata;
import dev.lockdrill.kata.redlock.check.LabTable;
import dev.lockdrill.report.HtmlTimeline;
import dev.lockdrill.report.RunStore;
import dev.lockdrill.runner.ChildOutcome;
import dev.lockdrill.runner.ChildRunner;
import dev.lockdrill.runner.ChildSpec;
import dev.lockdrill.runner.ChildStatus;
import dev.lockdrill.support.ExitCodes;
import dev.lockdrill.support.LockdrillException;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * `lab db-vs-redlock`: compiles the pg-lock-service and redlock references into one folder, runs
 * them in one check process under the same seeded fault schedule, and turns the history into the
 * lab's table and an HTML page with both services' timelines.
 */
public final class LabService {
    public static final String LAB = "db-vs-redlock";
    private final AppContext app;

    public LabService(AppContext app) {
        this.app = app;
    }

    /** What a lab run produced: its seed, the table, and where the page is. */
    public record LabRun(long seed, LabTable table, Path page, long millis) {
    }

    public LabRun run(Long requestedSeed, String jdbcUrl, CheckProgress progress) {
        RedisServers.requireOnPath("lab " + LAB);
        long seed = requestedSeed != null ? requestedSeed : ThreadLocalRandom.current().nextLong(1, 1_000_000);
        Instant at = app.clock().instant();
        Path runDir = app.runs().newRunDir(RunStore.LAB_PREFIX + LAB, at);
        Path classes = runDir.resolve("classes");
        String tag = RunSchema.newTag();
        String schema = tag + "_lab";
        PostgresBackend backend;
        RunSchema run;
        try {
            compileReferences(classes, progress);
            backend = app.backend(jdbcUrl);
            run = RunSchema.create(backend.jdbcUrl(), schema, tag);
        } catch (RuntimeException e) {
            // nothing ran (a reference that does not compile, no PostgreSQL): the run keeps no folder
            RunStore.deleteTree(runDir);
            throw e;
        }
        ChildOutcome outcome;
        Path log = runDir.resolve("lab-output.log");
        try (run) {
            ChildSpec spec = new ChildSpec("lab", RedlockKata.labWorkload().getName(),
                    "katas.redlock.FiveNodeRedlock", classes, List.of(), seed, backend.jdbcUrl(), run.ownerUrl(), null,
                    null, schema, tag, Duration.ofSeconds(120), log, null, 1, List.of());
            outcome = new ChildRunner().run(spec, p -> progress.stage("lab › " + p.scenario()));
        }
        if (outcome.status() != ChildStatus.COMPLETED) {
            throw new LockdrillException("The lab's run did not complete (" + outcome.status() + ": "
                    + outcome.message() + "); its log is " + log + ".", ExitCodes.UNKNOWN);
        }
        LabTable table = LabTable.of(outcome.history());
        Path page = runDir.resolve("lab.html");
        try {
            Files.writeString(page, HtmlTimeline.renderLab("lockdrill lab " + LAB + " · seed " + seed, table.cells(), table.summary(),
                    outcome.history()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new LabRun(seed, table, page, outcome.millis());
    }

    private void compileReferences(Path classes, CheckProgress progress) {
        List<Path> classpath = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (!entry.isBlank()) {
                classpath.add(Path.of(entry));
            }
        }
        progress.stage("compiling the two references");
        for (String kata : List.of("pg-lock-service", "redlock")) {
            CompileResult compiled = app.compiler().compile(app.workbook().solution(kata), classes, classpath);
            if (!compiled.ok()) {
                throw new LockdrillException("The reference of '" + kata + "' does not compile: "
                        + compiled.errors().get(0) + ". Restore solutions/ from git.", ExitCodes.INTERNAL);
            }
        }
    }
}
