package dev.lockdrill.runner;

import dev.lockdrill.app.AppContext;
import dev.lockdrill.db.RunSchema;
import dev.lockdrill.score.CheckResult;
import dev.lockdrill.score.RunStatus;
import dev.lockdrill.testing.Pipelines;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/** Whatever the learner's code does, the check returns with a clear status and cleans up after itself. */
class ChildRunnerFixtureTest {
    static final Duration SHORT = Duration.ofSeconds(4);

    @TempDir
    static Path state;
    static AppContext app;

    @BeforeAll
    static void openApp() {
        app = Pipelines.app(state);
    }

    @AfterAll
    static void closeApp() {
        app.close();
    }

    private static CheckResult check(String fixture) {
        Path dir = Pipelines.repoRoot().resolve("src/test/resources/fixture-katas/fencing-token").resolve(fixture);
        return Pipelines.check(app, "fencing-token", dir, 11, SHORT);
    }

    @AfterEach
    void leavesNoSchemaOrSessionBehind() throws SQLException {
        try (Connection c = DriverManager.getConnection(Pipelines.JDBC_URL); Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("SELECT count(*) FROM pg_namespace WHERE nspname ~ '^ld[0-9a-f]+_' "
                    + "AND obj_description(oid, 'pg_namespace') LIKE 'lockdrill run: pid=" + ProcessHandle.current().pid()
                    + " %'")) {
                rs.next();
                assertThat(rs.getInt(1)).as("run schemas left behind").isZero();
            }
            // Only this process's runs count: other checks on the same server end their sessions on their
            // own clock. A lane's sessions add a letter to the run's tag, so the match is on the prefix.
            try (PreparedStatement ps = c.prepareStatement("SELECT count(*) FROM pg_stat_activity a "
                    + "WHERE EXISTS (SELECT 1 FROM unnest(?::text[]) t WHERE a.application_name LIKE t || '%')")) {
                assertThat(RunSchema.tagsHandedOut()).as("the checks' run tags").isNotEmpty();
                ps.setArray(1, c.createArrayOf("text", RunSchema.tagsHandedOut().toArray()));
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    assertThat(rs.getInt(1)).as("run sessions left behind").isZero();
                }
            }
        }
    }

    @Test
    void infiniteLoopTimesOutAndSaysWhereItWasStuck() {
        CheckResult result = check("loops-forever");

        assertThat(result.status()).isEqualTo(RunStatus.TIMEOUT);
        assertThat(result.you().message()).contains("did not finish within 4 s", "digit-boundary",
                "worker-1's write", "never returned");
        assertThat(result.you().millis()).isLessThan(SHORT.toMillis() + 5_000);
    }

    @Test
    void ctrlCStopsTheCheckAsInterruptedNotAsTheLearnersCrash() throws Exception {
        Thread interrupter = new Thread(ChildRunnerFixtureTest::interruptTheCheckProcessOnceItRuns);
        interrupter.start();
        Path dir = Pipelines.repoRoot().resolve("src/test/resources/fixture-katas/fencing-token/loops-forever");
        CheckResult result = Pipelines.check(app, "fencing-token", dir, 11, Duration.ofSeconds(60));
        interrupter.join();

        assertThat(result.status()).as(result.you().message()).isEqualTo(RunStatus.INTERRUPTED);
        assertThat(result.you().message()).contains("interrupted").doesNotContain("System.exit");
        assertThat(result.status().exitCode()).isEqualTo(130);
    }

    /**
     * What a terminal's Ctrl-C does to the check process, once the workload has started: a signal. SIGTERM
     * stands in for SIGINT, which a shell that starts tests in the background leaves ignored in its children.
     */
    private static void interruptTheCheckProcessOnceItRuns() {
        long deadline = System.nanoTime() + Duration.ofSeconds(50).toNanos();
        while (System.nanoTime() < deadline) {
            var child = ProcessHandle.current().descendants()
                    .filter(p -> p.info().command().orElse("").endsWith("/java")).findFirst();
            if (child.isPresent()) {
                try {
                    Thread.sleep(1_000);
                    new ProcessBuilder("kill", "-TERM", Long.toString(child.get().pid())).start().waitFor();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
                return;
            }
            Thread.onSpinWait();
        }
    }

    @Test
    void codeThatFloodsStdoutAndStderrIsStillJudgedAndItsLogIsCapped() throws Exception {
        Path dir = Pipelines.repoRoot().resolve("src/test/resources/fixture-katas/fencing-token/floods-output");
        CheckResult result = Pipelines.check(app, "fencing-token", dir, 11, Duration.ofSeconds(60));

        assertThat(result.status()).as(Pipelines.explain(result)).isEqualTo(RunStatus.PASS);
        Path log = app.runs().latest("fencing-token", dev.lockdrill.report.RunStore.Owner.OTHER).orElseThrow()
                .resolve("you-output.log");
        assertThat(java.nio.file.Files.size(log)).isLessThan(2L * (1 << 20) + 4096);
        assertThat(java.nio.file.Files.readString(log, java.nio.charset.StandardCharsets.ISO_8859_1))
                .contains("bytes of output left out");
    }

    @Test
    void linesThatLookLikeEventsWrittenStraightToStdoutAreOnlyOutput() throws Exception {
        Path dir = Pipelines.repoRoot().resolve("src/test/resources/fixture-katas/fencing-token/forges-events");
        CheckResult result = Pipelines.check(app, "fencing-token", dir, 11, Duration.ofSeconds(60));

        assertThat(result.status()).as(Pipelines.explain(result)).isEqualTo(RunStatus.PASS);
        assertThat(result.you().message()).doesNotContain("forged");
        Path log = app.runs().latest("fencing-token", dev.lockdrill.report.RunStore.Owner.OTHER).orElseThrow()
                .resolve("you-output.log");
        assertThat(java.nio.file.Files.readString(log)).contains("forged by the learner's code",
                "scrap with no line end");
    }

    @Test
    void deadlockTimesOutAndShowsWhereTheLearnersThreadsWere() {
        CheckResult result = check("deadlock");

        assertThat(result.status()).isEqualTo(RunStatus.TIMEOUT);
        assertThat(result.you().detail()).startsWith("Where your code was when it was stopped:")
                .contains("BLOCKED", "at katas.fencingtoken.PostgresFencedStore.write(PostgresFencedStore.java:")
                .doesNotContain("dev.lockdrill.harness");
    }

    @Test
    void systemExitIsReportedAsACrashNamingTheCaller() {
        CheckResult result = check("system-exit");

        assertThat(result.status()).isEqualTo(RunStatus.CRASHED);
        assertThat(result.you().message()).contains("System.exit", "PostgresFencedStore.write");
    }

    @Test
    void outOfMemoryIsReportedAsACrash() {
        CheckResult result = check("out-of-memory");

        assertThat(result.status()).isEqualTo(RunStatus.CRASHED);
        assertThat(result.you().message()).contains("ran out of memory");
    }

    @Test
    void compileErrorGivesFileAndLine() {
        CheckResult result = check("compile-error");

        assertThat(result.status()).isEqualTo(RunStatus.COMPILE_ERROR);
        assertThat(result.status().exitCode()).isEqualTo(4);
        assertThat(result.you().compileErrors()).hasSize(1);
        assertThat(result.you().compileErrors().get(0).toString())
                .matches(".*compile-error/PostgresFencedStore\\.java:\\d+: ';' expected");
    }

    @Test
    void missingConstructorIsExplained() {
        CheckResult result = check("missing-constructor");

        assertThat(result.status()).isEqualTo(RunStatus.CRASHED);
        assertThat(result.you().message()).contains("needs a public constructor PostgresFencedStore(DataSource)");
    }
}
