package dev.lockdrill.runner;

import dev.lockdrill.app.AppContext;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.score.CheckResult;
import dev.lockdrill.score.RunStatus;
import dev.lockdrill.support.ChildArgs;
import dev.lockdrill.testing.Pipelines;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * In an interactive session the next check's process is started ahead of it, warm: it is used by
 * the next check, once, is told its database URLs on its standard input only, and is stopped
 * when the session ends.
 */
class StandbyTest {
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

    @AfterEach
    void stopTheStandbys() {
        ChildRunner.keepWarm(false);
    }

    /** This process's check processes waiting for a job. */
    private static Set<ProcessHandle> standbys() {
        return ProcessHandle.current().children().filter(ProcessHandle::isAlive)
                .filter(p -> commandLine(p).contains(" " + ChildArgs.STANDBY + " "))
                .collect(Collectors.toSet());
    }

    /** The whole command line, from /proc (the JDK gives no arguments for a long one). */
    private static String commandLine(ProcessHandle process) {
        try {
            return Files.readString(Path.of("/proc", Long.toString(process.pid()), "cmdline")).replace('\0', ' ');
        } catch (java.io.IOException e) {
            return "";
        }
    }

    /** The processes waiting, once they have been started (a moment after the check that ended). */
    private static Set<ProcessHandle> awaitStandbys(int count) throws InterruptedException {
        long deadline = System.nanoTime() + 15_000_000_000L;
        Set<ProcessHandle> waiting = standbys();
        while (waiting.size() < count && System.nanoTime() < deadline) {
            Thread.sleep(50);
            waiting = standbys();
        }
        return waiting;
    }

    private static List<String> verdicts(CheckResult result) {
        return result.you().invariants().stream().map(r -> r.name() + "=" + r.verdict()).toList();
    }

    @Test
    void theNextCheckRunsInTheProcessStartedAheadOfItAndItIsUsedOnce() throws Exception {
        CheckResult cold = Pipelines.checkReference(app, "fencing-token", 21);
        Thread.sleep(ChildRunner.PREPARE_AFTER_MILLIS + 500);
        assertThat(standbys()).as("no process waits outside an interactive session").isEmpty();

        ChildRunner.keepWarm(true);
        CheckResult first = Pipelines.checkReference(app, "fencing-token", 21);
        Set<ProcessHandle> waiting = awaitStandbys(1);
        assertThat(waiting).hasSize(1);
        ProcessHandle standby = waiting.iterator().next();
        assertThat(commandLine(standby)).doesNotContain("postgresql:")
                .contains("FencingTokenWorkload");
        String environment = Files.readString(Path.of("/proc", Long.toString(standby.pid()), "environ"));
        assertThat(environment).doesNotContain(ChildArgs.JDBC_URL_ENV);

        CheckResult warm = Pipelines.checkReference(app, "fencing-token", 21);

        assertThat(standby.isAlive()).as("the waiting process ran the check and ended").isFalse();
        assertThat(awaitStandbys(1)).hasSize(1).doesNotContain(standby);
        for (CheckResult result : List.of(first, warm)) {
            assertThat(result.status()).isEqualTo(RunStatus.PASS);
            assertThat(verdicts(result)).isEqualTo(verdicts(cold));
            assertThat(result.you().history().ops()).hasSameSizeAs(cold.you().history().ops());
        }
        assertThat(warm.you().invariants()).extracting(InvariantResult::exercised).contains(true);
    }

    @Test
    void theProcessesWaitingAreStoppedWhenTheSessionEnds() throws Exception {
        ChildRunner.keepWarm(true);
        Pipelines.checkReference(app, "circuit-breaker", 3);
        Set<ProcessHandle> waiting = awaitStandbys(1);
        assertThat(waiting).isNotEmpty();

        ChildRunner.keepWarm(false);

        for (ProcessHandle process : waiting) {
            process.onExit().get(java.time.Duration.ofSeconds(10).toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
            assertThat(process.isAlive()).isFalse();
        }
        assertThat(standbys()).isEmpty();
    }
}
