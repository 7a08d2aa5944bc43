package dev.lockdrill.repl;

import dev.lockdrill.app.AppContext;
import dev.lockdrill.catalog.Workbook;
import dev.lockdrill.cli.ReplLauncher;
import dev.lockdrill.testing.Pipelines;
import org.jline.terminal.impl.DumbTerminal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The shell driven through a JLine dumb terminal, as a learner would type. */
class ReplTest {
    @TempDir
    Path dir;

    private String session(String input) throws Exception {
        Workbook workbook = Pipelines.copyWorkbook(dir);
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        List<AppContext> apps = new ArrayList<>();
        try (DumbTerminal terminal = new DumbTerminal("test", "dumb",
                new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)), output, StandardCharsets.UTF_8)) {
            int code = ReplLauncher.run(terminal, () -> {
                AppContext app = Pipelines.app(workbook);
                apps.add(app);
                return app;
            }, workbook.stateDir().resolve("history"));
            assertThat(code).isZero();
        }
        assertThat(apps).as("at most one application context for the whole session").hasSizeLessThanOrEqualTo(1);
        return output.toString(StandardCharsets.UTF_8);
    }

    @Test
    void listCheckAndQuitInOneSession() throws Exception {
        String out = session("list\ncheck fencing-token --reference --seed 3\nquit\n");

        assertThat(out).contains("fencing-token", "not started");
        assertThat(out).contains("stale-write-rejected", "PASS", "seed 3");
        assertThat(out).endsWith("bye\n");
        assertThat(Files.readString(dir.resolve(".lockdrill/history"))).contains("list", "check fencing-token");
    }

    @Test
    void shellSurvivesErrorsAndAHangingKata() throws Exception {
        Path hangs = Pipelines.repoRoot().resolve("src/test/resources/fixture-katas/fencing-token/loops-forever");
        String out = session("show nope\ncheck fencing-token --from " + hangs + " --timeout 3 --no-compare\n"
                + "progress\n");

        assertThat(out).contains("No kata 'nope'");
        assertThat(out).contains("Timed out", "TIMEOUT");
        assertThat(out).contains("Katas: 0 of");
        assertThat(out).endsWith("bye\n");
    }

    @Test
    void aPasswordTypedInTheShellNeverReachesItsHistoryFile() throws Exception {
        String out = session("doctor --jdbc-url postgresql://alice:hunter2@127.0.0.1:1/x\nlist\n");

        Path history = dir.resolve(".lockdrill/history");
        assertThat(Files.readString(history)).contains("doctor --jdbc-url postgresql://alice:***@127.0.0.1:1/x", "list")
                .doesNotContain("hunter2");
        assertThat(out).doesNotContain("hunter2");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(history))).isEqualTo("rw-------");
    }

    @Test
    void insideTheShellCompareShowsTheLearnersFileAsWrittenAndNamesCommandsAsTypedThere() throws Exception {
        Path stub = dir.resolve("katas/fencing-token/PostgresFencedStore.java");
        String out = session("compare fencing-token --yes\nquit\n");

        assertThat(Files.readString(stub)).contains("Run `lockdrill check fencing-token`");
        assertThat(out.lines().filter(line -> line.startsWith("- ")))
                .as("the stub's own words, in the diff, are not the shell's to rewrite")
                .anyMatch(line -> line.contains("`lockdrill check"));
        assertThat(out).contains("`check fencing-token` scores yours")
                .doesNotContain("`lockdrill check fencing-token` scores");
    }

    @Test
    void ctrlDLeavesTheShell() throws Exception {
        assertThat(session("")).contains("lockdrill>").endsWith("bye\n");
    }
}
