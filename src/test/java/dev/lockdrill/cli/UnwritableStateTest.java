package dev.lockdrill.cli;

import dev.lockdrill.app.AppContext;
import dev.lockdrill.catalog.Workbook;
import dev.lockdrill.testing.Pipelines;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A workbook whose .lockdrill/ cannot be written (made so with files in the way, which stop root
 * too): the finished check is printed with its own exit code, and one sentence on stderr says
 * what was not saved.
 */
class UnwritableStateTest {
    @TempDir
    Path dir;
    Workbook workbook;
    AppContext app;
    String out;
    String err;

    @BeforeEach
    void copyWorkbook() {
        workbook = Pipelines.copyWorkbook(dir);
    }

    @AfterEach
    void close() {
        if (app != null) {
            app.close();
        }
    }

    private int run(String... args) {
        StringWriter o = new StringWriter();
        StringWriter e = new StringWriter();
        Session session = new Session(() -> app = Pipelines.app(workbook), q -> null, false, false);
        int code = Cli.execute(session, args, new PrintWriter(o), new PrintWriter(e), false);
        session.close();
        out = o.toString();
        err = e.toString();
        return code;
    }

    @Test
    void aCheckInAnUnwritableWorkbookIsStillPrintedAndSaysWhatWasNotSaved() throws Exception {
        Files.createDirectories(workbook.stateDir());
        Files.writeString(workbook.stateDir().resolve("runs"), "in the way");
        Files.createDirectories(workbook.stateDir().resolve("state.lock"));

        int code = run("check", "fencing-token", "--no-compare", "--seed", "3");

        assertThat(code).as(err).isEqualTo(1);
        assertThat(out).contains("FAIL").contains("stale-write-rejected").doesNotContain("Saved:");
        assertThat(err).contains("This run was not saved: cannot create a run folder under")
                .contains("Your progress was not recorded: cannot lock")
                .doesNotContain("Internal error").doesNotContain("Exception");
        assertThat(err.lines().filter(l -> l.contains("not saved"))).hasSize(1);
    }

    @Test
    void whenOnlyTheProgressCannotBeWrittenTheRunIsStillSaved() throws Exception {
        Files.writeString(workbook.kata("fencing-token").resolve("PostgresFencedStore.java"), "broken");
        Files.createDirectories(workbook.stateDir().resolve("state.lock"));

        int code = run("check", "fencing-token", "--no-compare");

        assertThat(code).as(err).isEqualTo(4);
        assertThat(out).contains("Saved: .lockdrill/runs/fencing-token/");
        assertThat(err).contains("Your progress was not recorded: cannot lock").doesNotContain("not saved")
                .doesNotContain("Internal error");
    }
}
